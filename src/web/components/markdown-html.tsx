import { cn } from "../lib/cn";

/**
 * Markdown the server rendered and sanitised (src/server/services/reading/chapter-body.ts): a course's
 * text chapter, an /info page and its editor's preview, styled alike.
 */
export function MarkdownHtml({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={cn(
        "space-y-3 leading-relaxed break-words text-slate-800",
        "[&_a]:font-semibold [&_a]:text-brand-800 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3",
        "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h2]:pt-4 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-slate-900",
        "[&_h3]:text-lg [&_h3]:font-bold [&_h3]:text-slate-900 [&_h4]:font-bold",
        "[&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-6 [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-slate-100 [&_pre]:p-3",
        "[&_table]:block [&_table]:overflow-x-auto [&_td]:border [&_td]:border-slate-300 [&_td]:px-2 [&_th]:border [&_th]:border-slate-300 [&_th]:px-2",
        "[&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6",
        className,
      )}
      // Rendered from Markdown and sanitised on the server.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML from the server
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
