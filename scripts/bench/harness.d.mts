// Types for the TypeScript benchmarks that share the JavaScript harness (scripts/bench/harness.mjs).
export declare function createBenchDatabase(): Promise<{ url: string; drop(): Promise<void> } | null>;
export declare function writeReportSection(name: string, content: string, file?: string): Promise<void>;
