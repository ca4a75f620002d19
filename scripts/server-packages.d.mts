/** See server-packages.mjs. */
export declare const SINGLE_FILE_PACKAGES: Record<string, string>;
