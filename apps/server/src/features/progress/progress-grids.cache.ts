import { createHash } from 'node:crypto';
import type { ProgressGrid } from '@banksia/contracts/progress-grids';
import { compressBody, type Encoding } from '../../platform/compression';
import type { ItemGridFacts, ItemJson } from './progress-grids.repository';

/**
 * One grid as last built: what it was built from (its fingerprint), its items and facts with the versions they were
 * read at, and its JSON in each encoding.
 */
interface Entry {
  fingerprint: string;
  cellsVersion: string;
  facts: ItemGridFacts;
  itemsVersion: string;
  items: ItemJson[];
  grid: ProgressGrid;
  bodies: Map<Encoding, Promise<Buffer>>;
}

/** Grids kept per process: a school's open grids, not every grid ever asked for. */
const MAX_ENTRIES = 32;

/**
 * The large item grids as last built, per grid (class × topic), so a class's grid asked for again and again (a
 * teacher's screen refreshing, a room of teachers) is not laid out, serialized and compressed each time: 300 students
 * × 200 items is megabytes of JSON. The grid query still runs every time; it sends the versions of the class's rollup
 * cells and of the course's items, and the facts or the items only when their version moved (repository:
 * itemGridData). An entry is used only when everything the grid is made of is the same (fingerprint: header, items
 * version, roster and cells version), so it is never stale.
 */
export class GridCache {
  private readonly entries = new Map<string, Entry>();
  private readonly built = new WeakMap<ProgressGrid, Entry>();

  /**
   * The entry of `slot`, whatever its fingerprint: its versions tell the query whether to send the facts and the
   * items.
   */
  peek(slot: string): Pick<Entry, 'cellsVersion' | 'facts' | 'itemsVersion' | 'items'> | undefined {
    return this.entries.get(slot);
  }

  /** The grid built for `slot` from exactly `fingerprint`, or undefined. */
  get(slot: string, fingerprint: string): ProgressGrid | undefined {
    const entry = this.entries.get(slot);
    if (entry?.fingerprint !== fingerprint) return undefined;
    // Most recently used last, so eviction drops the grid unused longest.
    this.entries.delete(slot);
    this.entries.set(slot, entry);
    return entry.grid;
  }

  set(slot: string, entry: Omit<Entry, 'bodies'>): void {
    const full = { ...entry, bodies: new Map<Encoding, Promise<Buffer>>() };
    this.entries.delete(slot);
    this.entries.set(slot, full);
    this.built.set(entry.grid, full);
    while (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }

  /**
   * The grid's JSON in `encoding`, made once per grid (brotli at the app's level 4, as @fastify/compress would);
   * undefined for a grid this cache did not build.
   */
  body(grid: ProgressGrid, encoding: Encoding): Promise<Buffer> | undefined {
    const entry = this.built.get(grid);
    if (!entry) return undefined;
    let body = entry.bodies.get(encoding);
    if (!body) {
      body = compressBody(Buffer.from(JSON.stringify(grid)), encoding);
      entry.bodies.set(encoding, body);
    }
    return body;
  }
}

/** A digest of everything a grid is built from. */
export function fingerprintOf(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}
