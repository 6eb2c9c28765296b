export function createPostgresDatabase(
  baseUrl: string,
  prefix?: string,
): Promise<{ url: string; drop(): Promise<void> }>;
