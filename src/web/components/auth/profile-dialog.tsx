import { useRevalidator } from "react-router";
import { PROFILE_DIALOG_DESCRIPTION } from "../../../contracts/messages";
import type { PublicUser } from "../../../contracts/user";
import { useLingui } from "../../i18n";
import { toast } from "../../lib/toast";
import { Dialog } from "../ui/dialog";
import { ProfileForm } from "./profile-form";

/**
 * Opens while the signed-in user lacks a phone or an HSC batch; a close attempt only
 * succeeds once both are saved. On success the user is refetched and closing is attempted again;
 * on failure a destructive toast shows the status code and the server's message.
 */
export default function ProfileDialog({ user, shopName }: { user: PublicUser; shopName: string }) {
  const { i18n } = useLingui();
  const revalidator = useRevalidator();
  const complete = Boolean(user.phone && user.hsc_batch);
  return (
    <Dialog
      open={!complete}
      onOpenChange={() => {
        /* a close attempt succeeds only when both fields are present: `open` follows the user */
      }}
      dismissible={false}
      // profileDialogTitle(shopName) of the specification, in the page's language.
      title={i18n._("Welcome to {shopName}", { shopName })}
      description={i18n._(PROFILE_DIALOG_DESCRIPTION)}
    >
      <ProfileForm
        defaultValues={{ phone: user.phone ?? "", hsc_batch: user.hsc_batch ?? "" }}
        submitLabel={i18n._("Save and continue")}
        // The refetched user has both fields, so the dialog's open state turns false.
        onSaved={() => revalidator.revalidate()}
        onError={(e) =>
          toast({ variant: "destructive", title: String(e.statusCode), description: e.message })
        }
      />
    </Dialog>
  );
}
