import { Trans } from "@lingui/react";
import { useNavigate } from "react-router";
import { EmailForm, NameForm } from "../../components/auth/account-forms";
import { ProfileForm } from "../../components/auth/profile-form";
import { PageHeading } from "../../components/page-heading";
import { useLingui } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import { toast } from "../../lib/toast";
import { accountAction } from "../auth/account.server";
import type { Route } from "./+types/edit";
import { loadEditProfile } from "./edit.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, /*i18n*/ "Edit profile") },
];

export function loader({ context }: Route.LoaderArgs) {
  return loadEditProfile(context);
}

/** The page's forms posted before or without JavaScript (HTML first; routes/auth/account.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  return accountAction(context, request);
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="border-t border-slate-200 py-6 first:border-t-0 first:pt-0">
      <h2 className="mb-4 text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

export default function EditProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const { name, email, emailConfirmed, pendingEmail, emailChangeable, phone, hsc_batch } = loaderData;
  return (
    <div className="mx-auto max-w-sm">
      <PageHeading title={i18n._("Edit profile")} />
      <Section title={i18n._("Name")}>
        <NameForm name={name} refusal={actionData} />
      </Section>
      <Section title={i18n._("Email")}>
        {emailChangeable ? (
          <EmailForm
            email={email}
            emailConfirmed={emailConfirmed}
            pendingEmail={pendingEmail}
            refusal={actionData}
          />
        ) : (
          <p className="text-sm text-slate-700">
            <Trans
              id="Your email: <0>{email}</0>. It cannot be changed here yet: this shop does not send email."
              values={{ email: email ?? i18n._("Not set") }}
              components={{ 0: <strong /> }}
            />
            {email && !emailConfirmed ? ` ${i18n._("It is not confirmed.")}` : null}
          </p>
        )}
      </Section>
      <Section title={i18n._("Phone and HSC batch")}>
        <p className="mb-4 text-sm text-slate-700">
          {i18n._("A new phone number has to be verified again.")}
        </p>
        <ProfileForm
          defaultValues={{ phone, hsc_batch }}
          submitLabel={i18n._("Save")}
          action="/edit"
          refusal={actionData}
          onSaved={() => {
            toast({ title: i18n._("Profile updated") });
            navigate("/profile");
          }}
        />
      </Section>
    </div>
  );
}
