import { useRevalidator } from "react-router";
import { useRootData } from "../../lib/root-data";
import { toast } from "../../lib/toast";
import { Dialog } from "../ui/dialog";
import { SignInForm } from "./sign-in-form";

/** Sign-in from any page: on success the user is reloaded and the visitor stays where they are. */
export default function SignInDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const revalidator = useRevalidator();
  const { shopName } = useRootData();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Sign in"
      description={`Sign in to your ${shopName} account`}
    >
      <SignInForm
        onNavigate={() => onOpenChange(false)}
        onSignedIn={async (user) => {
          onOpenChange(false);
          await revalidator.revalidate();
          toast({ title: `Welcome back, ${user.name.split(" ")[0]}` });
        }}
      />
    </Dialog>
  );
}
