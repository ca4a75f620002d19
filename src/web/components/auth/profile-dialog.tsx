import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useRevalidator } from "react-router";
import { type ProfileUpdateInput, profileUpdateSchema } from "../../../contracts/auth";
import { HSC_BATCHES, PROFILE_DIALOG_DESCRIPTION, profileDialogTitle } from "../../../contracts/messages";
import type { PublicUser } from "../../../contracts/user";
import { ApiError, api } from "../../lib/api";
import { toast } from "../../lib/toast";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { SelectField, TextField } from "../ui/field";

/**
 * §2/§4/§5: opens while the signed-in user lacks a phone or an HSC batch; a close attempt only
 * succeeds once both are saved. On success the user is refetched and closing is attempted again.
 */
export default function ProfileDialog({ user, shopName }: { user: PublicUser; shopName: string }) {
  const revalidator = useRevalidator();
  const complete = Boolean(user.phone && user.hsc_batch);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ProfileUpdateInput>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: { phone: user.phone ?? "", hsc_batch: user.hsc_batch ?? "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api("POST", "/api/auth/update", values);
      // The refetched user has both fields, so the dialog's open state turns false.
      await revalidator.revalidate();
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(500, "Something went wrong");
      toast({ variant: "destructive", title: String(e.statusCode), description: e.message });
    }
  });

  return (
    <Dialog
      open={!complete}
      onOpenChange={() => {
        /* a close attempt succeeds only when both fields are present: `open` follows the user */
      }}
      dismissible={false}
      title={profileDialogTitle(shopName)}
      description={PROFILE_DIALOG_DESCRIPTION}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label="Phone number"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          error={errors.phone?.message}
          {...register("phone")}
        />
        <SelectField
          label="HSC batch"
          options={HSC_BATCHES}
          placeholder="Choose your batch"
          error={errors.hsc_batch?.message}
          {...register("hsc_batch")}
        />
        <Button type="submit" loading={isSubmitting} className="w-full">
          Save and continue
        </Button>
      </form>
    </Dialog>
  );
}
