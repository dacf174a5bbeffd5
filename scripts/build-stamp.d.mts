/** Types of build-stamp.mjs (plain JavaScript, so that it runs with production dependencies only). */
export declare const ROOT: string;
export declare const SOURCE_DIRS: string[];
export declare const SOURCE_FILES: string[];
export declare const STAMP_FILE: string;
export declare const SERVER_ENTRY: string;
export declare function sourceFiles(root?: string): string[];
export declare function sourcesHash(root?: string): { hash: string; files: number };
export declare function readStamp(root?: string): { sources: string; files: number; builtAt: string } | null;
export declare function writeStamp(sources: { hash: string; files: number }, root?: string): void;
export declare function removeStamp(root?: string): void;
export declare function buildState(root?: string): { current: boolean; built: boolean; reason?: string; builtAt?: string };
export declare function canBuild(root?: string): boolean;
