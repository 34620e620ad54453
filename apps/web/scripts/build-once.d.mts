export const STAMP_FILE: string;
export const SOURCE_ROOTS: string[];
export function sourceHash(repoRoot: string, roots?: string[]): string;
export function ensureBuild(options: {
  webDir: string;
  hash: string;
  build: (outDir: string) => Promise<void>;
  force?: boolean;
  log?: (line: string) => void;
}): Promise<boolean>;
