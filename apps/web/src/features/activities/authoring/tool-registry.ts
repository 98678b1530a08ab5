import type { BlockType } from '@banksia/contracts/activities';

/**
 * Where a custom Editor.js tool keeps its block's data while React edits it. Editor.js owns the DOM of the blocks
 * and their order (ADR 020); each custom tool hands the registry an empty element, and the editor host renders the
 * tool's React form into it through a portal, so the forms keep the app's providers (theme, queries, router).
 */
export interface ToolSlot {
  /** Editor.js's block id: the id saved with the block. */
  id: string;
  type: BlockType;
  element: HTMLElement;
  /** The tool's own data; for table tools only the fields beside the table (word bank, example answer). */
  data: Record<string, unknown>;
  /** The fields Editor.js's own tool holds (a cloze table's cells), read when a form needs them. */
  readBase?: () => Record<string, unknown>;
}

export class ToolRegistry {
  private slots = new Map<string, ToolSlot>();
  private snapshot: readonly ToolSlot[] = [];
  private listeners = new Set<() => void>();
  private onDataChange: () => void = () => {};

  /** Tells `listener` whenever a form changes its block's data, so the host can save; answers how to stop. */
  listenForData(listener: () => void): () => void {
    this.onDataChange = listener;
    return () => {
      if (this.onDataChange === listener) this.onDataChange = () => {};
    };
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): readonly ToolSlot[] => this.snapshot;

  register(slot: ToolSlot): void {
    this.slots.set(slot.id, slot);
    this.emit();
  }

  unregister(id: string): void {
    if (this.slots.delete(id)) this.emit();
  }

  data(id: string): Record<string, unknown> | undefined {
    return this.slots.get(id)?.data;
  }

  setData(id: string, data: Record<string, unknown>): void {
    const slot = this.slots.get(id);
    if (!slot) return;
    this.slots.set(id, { ...slot, data });
    this.emit();
    this.onDataChange();
  }

  private emit(): void {
    this.snapshot = [...this.slots.values()];
    for (const listener of this.listeners) listener();
  }
}
