export interface CacheGenerationsTable {
  name: string;
  value: number;
}

export interface CacheTables {
  cache_generations: CacheGenerationsTable;
}
