import { useRevalidator } from "react-router";
import { useLingui } from "../../i18n";
import { useRootData } from "../../lib/root-data";
import { toast } from "../../lib/toast";
import { Dialog } from "../ui/dialog";
import { SignInForm } from "./sign-in-form";

/**
 * Sign-in from any page: on success the user is reloaded and the visitor stays where they are,
 * welcomed back, or welcomed as new when Google's button has just made the account.
 */
export default function SignInDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { i18n } = useLingui();
  const revalidator = useRevalidator();
  const { shopName } = useRootData();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={i18n._("Sign in")}
      description={i18n._("Sign in to your {shopName} account", { shopName })}
    >
      <SignInForm
        onNavigate={() => onOpenChange(false)}
        onSignedIn={async (user, created) => {
          onOpenChange(false);
          await revalidator.revalidate();
          const name = user.name.split(" ")[0];
          toast({
            title: created ? i18n._("Welcome, {name}", { name }) : i18n._("Welcome back, {name}", { name }),
          });
        }}
      />
    </Dialog>
  );
}
