/** Whether dist/ is older than the sources under `root` (or missing). */
export declare function buildIsStale(root: string): boolean
