import { Trans } from "@lingui/react";
import { useState } from "react";
import { Link } from "react-router";
import { type InfoPageEdit, infoPageEditSchema } from "../../../contracts/info-pages";
import { useAdminForm } from "../../components/admin/admin-form";
import { MarkdownHtml } from "../../components/markdown-html";
import { PageHeading } from "../../components/page-heading";
import { Button } from "../../components/ui/button";
import { FormMessage, TextAreaField, TextField } from "../../components/ui/field";
import { translate, translateMessage, useFormat, useLingui } from "../../i18n";
import { ApiError, api } from "../../lib/api";
import { cn } from "../../lib/cn";
import { pageLocale, pageTitle } from "../../lib/meta";
import type { Route } from "./+types/info-page";
import { loadInfoPage } from "./info-pages.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  {
    title: pageTitle(
      matches,
      loaderData
        ? translate(pageLocale(matches), /*i18n*/ "{title} · Info pages", { title: loaderData.title })
        : /*i18n*/ "Info page",
    ),
  },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadInfoPage(context, params.slug);
}

type Saved = { title: string; body: string; version: number; updatedAt: string };
const toValues = (p: Saved): InfoPageEdit => ({ title: p.title, body: p.body, version: p.version });

export default function InfoPageEditor({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { dateTime } = useFormat();
  const page = loaderData;
  const [updatedAt, setUpdatedAt] = useState(page.updatedAt);
  const { form, onSubmit, formError, conflict } = useAdminForm({
    schema: infoPageEditSchema,
    defaultValues: toValues(page),
    toValues,
    savedMessage: i18n._("Page saved"),
    save: async (values) => {
      const res = await api<Saved>("PATCH", `/api/admin/info-pages/${page.slug}`, values);
      form.setValue("version", res.data!.version);
      setUpdatedAt(res.data!.updatedAt);
      return res.data;
    },
  });
  const { register, formState } = form;
  const [tab, setTab] = useState<"write" | "preview">("write");
  const [preview, setPreview] = useState<{ html: string } | { error: string } | null>(null);

  const showPreview = async () => {
    setTab("preview");
    setPreview(null);
    try {
      const res = await api<{ html: string }>("POST", "/api/admin/info-pages/preview", {
        body: form.getValues("body"),
      });
      setPreview({ html: res.data!.html });
    } catch (err) {
      setPreview({
        error:
          err instanceof ApiError
            ? translateMessage(i18n, err.message)
            : i18n._("The preview could not be made."),
      });
    }
  };

  return (
    <div>
      <Link to="/admin/info-pages" className="text-sm text-brand-800 underline">
        ← {i18n._("Info pages")}
      </Link>
      <PageHeading title={i18n._("Edit: {title}", { title: page.title })}>
        <p className="text-sm">
          <Trans
            id="Shown at <0>{path}</0> · last updated {when}"
            values={{ path: `/info/${page.slug}`, when: dateTime(updatedAt) }}
            components={{
              // biome-ignore lint/a11y/useAnchorContent: Trans puts the address inside as its text
              0: <a href={`/info/${page.slug}`} className="underline" target="_blank" rel="noreferrer" />,
            }}
          />
        </p>
      </PageHeading>
      <form onSubmit={onSubmit} noValidate className="max-w-3xl space-y-4">
        <FormMessage>{formError}</FormMessage>
        {conflict?.fields.length ? (
          <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            <p className="font-medium">{i18n._("What you had typed differently:")}</p>
            <ul className="mt-1 list-disc pl-5">
              {conflict.fields.map((f) => (
                <li key={f.name} className="break-words">
                  {f.name}: {String(f.mine).slice(0, 300)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <TextField
          label={i18n._("Title")}
          maxLength={200}
          error={formState.errors.title?.message && i18n._(formState.errors.title.message)}
          {...register("title")}
        />
        <div>
          <div role="tablist" aria-label={i18n._("Body")} className="mb-2 flex gap-1">
            {(["write", "preview"] as const).map((t) => (
              <button
                key={t}
                type="button"
                role="tab"
                aria-selected={tab === t}
                aria-controls={`info-${t}`}
                id={`info-tab-${t}`}
                onClick={() => (t === "preview" ? void showPreview() : setTab("write"))}
                className={cn(
                  "min-h-11 rounded-md px-4 text-sm font-semibold",
                  tab === t ? "bg-brand-800 text-white" : "bg-slate-100 text-slate-800 hover:bg-slate-200",
                )}
              >
                {t === "write" ? i18n._("Write") : i18n._("Preview")}
              </button>
            ))}
          </div>
          <div id="info-write" role="tabpanel" aria-labelledby="info-tab-write" hidden={tab !== "write"}>
            <TextAreaField
              label={i18n._("Text (Markdown)")}
              hint={i18n._(
                "{heading} starts a heading, {item} a list item, {bold}, {link}. A blank line between paragraphs.",
                {
                  heading: "##",
                  item: "-",
                  bold: `**${i18n._("bold")}**`,
                  link: `[${i18n._("a link")}](https://…)`,
                },
              )}
              rows={20}
              error={formState.errors.body?.message && i18n._(formState.errors.body.message)}
              {...register("body")}
            />
          </div>
          <div
            id="info-preview"
            role="tabpanel"
            aria-labelledby="info-tab-preview"
            hidden={tab !== "preview"}
            className="min-h-40 rounded-lg border border-slate-200 bg-white p-4"
          >
            {preview === null ? (
              <p className="text-slate-600">{i18n._("Loading the preview…")}</p>
            ) : "error" in preview ? (
              <p role="alert" className="text-red-800">
                {preview.error}
              </p>
            ) : (
              <MarkdownHtml html={preview.html} />
            )}
          </div>
        </div>
        <Button type="submit" loading={formState.isSubmitting}>
          {i18n._("Save page")}
        </Button>
      </form>
    </div>
  );
}
