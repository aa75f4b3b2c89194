/** Types of test/changed-specs.js (a plain script's module, read by its unit test). */
export declare const SHARED_SPECS: string[];
export declare function specsFor(files: string[], specs: string[]): string[];
