/** Types of scripts/lib/project.mjs (plain JavaScript, so that it runs before tsx). */
export declare const GENERATOR: string;
export declare const ROOT: string;
export declare const TSX_IMPORT: string;
export declare function missingFolders(dir: string): string[];
export declare function findSite(from?: string): string | undefined;
export declare function toolTsconfig(root: string, templates: string): string;
