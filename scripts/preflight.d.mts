export const NEEDED: string;
export function versionProblem(node: string, npm: string | null): string | null;
export function npmVersion(userAgent: string | undefined): string | null;
