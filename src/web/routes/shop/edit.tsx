import { useNavigate } from "react-router";
import { ProfileForm } from "../../components/auth/profile-form";
import { PageHeading } from "../../components/page-heading";
import { getApp } from "../../lib/app-context.server";
import { pageTitle } from "../../lib/meta";
import { toast } from "../../lib/toast";
import type { Route } from "./+types/edit";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Edit profile") }];

export function loader({ context }: Route.LoaderArgs) {
  const user = getApp(context).ctx.user!;
  return { phone: user.phone ?? "", hsc_batch: user.hsc_batch ?? "" };
}

export default function EditProfilePage({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-sm">
      <PageHeading title="Edit profile">
        <p>A new phone number has to be verified again.</p>
      </PageHeading>
      <ProfileForm
        defaultValues={loaderData}
        submitLabel="Save"
        onSaved={() => {
          toast({ title: "Profile updated" });
          navigate("/profile");
        }}
      />
    </div>
  );
}
