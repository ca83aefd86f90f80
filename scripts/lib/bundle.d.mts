/** Types of scripts/lib/bundle.mjs (plain JavaScript, so that it runs before tsx or without it). */
export declare const ROOT: string;
export declare const BUNDLES_DIR: string;
export declare const TEMPLATES_KEY: symbol;
export declare const BUNDLE_KEY: symbol;
export declare const RUNNER: string;
export declare function templatesFolder(args: string[]): string;
export declare function bundleFolder(command: string, templates: string): string;
export declare function bundled(command: string, templates: string): Promise<{ main: string } | { problems: string[] }>;
export declare function runFromBundle(command: string, templates: string): Promise<{ main: string } | { problems: string[] }>;
