/**
 * The stationery categories the shop stocks. A category is free text, stored as staff typed it;
 * these are catalogue messages too, so the shop shows a known one in the page's language
 * (`translateMessage`) and any other as it was typed.
 */
export const STATIONERY_CATEGORIES = [
  /*i18n*/ "pen",
  /*i18n*/ "pencil",
  /*i18n*/ "notebook",
  /*i18n*/ "calculator",
  /*i18n*/ "geometry box",
  /*i18n*/ "file",
  /*i18n*/ "highlighter",
  /*i18n*/ "marker",
  /*i18n*/ "eraser",
  /*i18n*/ "ruler",
] as const;
