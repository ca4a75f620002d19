import { useNavigate } from "react-router";
import { EmailForm, NameForm } from "../../components/auth/account-forms";
import { ProfileForm } from "../../components/auth/profile-form";
import { PageHeading } from "../../components/page-heading";
import { pageTitle } from "../../lib/meta";
import { toast } from "../../lib/toast";
import type { Route } from "./+types/edit";
import { loadEditProfile } from "./edit.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Edit profile") }];

export function loader({ context }: Route.LoaderArgs) {
  return loadEditProfile(context);
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="border-t border-slate-200 py-6 first:border-t-0 first:pt-0">
      <h2 className="mb-4 text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

export default function EditProfilePage({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { name, email, pendingEmail, emailChangeable, phone, hsc_batch } = loaderData;
  return (
    <div className="mx-auto max-w-sm">
      <PageHeading title="Edit profile" />
      <Section title="Name">
        <NameForm name={name} />
      </Section>
      <Section title="Email">
        {emailChangeable ? (
          <EmailForm email={email} pendingEmail={pendingEmail} />
        ) : (
          <p className="text-sm text-slate-700">
            Your email: <strong>{email ?? "Not set"}</strong>. It cannot be changed here yet: this shop does
            not send email.
          </p>
        )}
      </Section>
      <Section title="Phone and HSC batch">
        <p className="mb-4 text-sm text-slate-700">A new phone number has to be verified again.</p>
        <ProfileForm
          defaultValues={{ phone, hsc_batch }}
          submitLabel="Save"
          onSaved={() => {
            toast({ title: "Profile updated" });
            navigate("/profile");
          }}
        />
      </Section>
    </div>
  );
}
