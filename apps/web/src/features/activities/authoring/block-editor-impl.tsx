import type { ActivityBlock } from '@banksia/contracts/activities';
import EditorJS, { type OutputBlockData } from '@editorjs/editorjs';
import { Box } from '@mantine/core';
import { memo, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { toContractBlocks } from './block-defaults';
import { BlockForm } from './block-forms';
import classes from './block-editor.module.css';
import { editorTools } from './editor-tools';
import { ToolRegistry, type ToolSlot } from './tool-registry';

export interface BlockEditorProps {
  /** The blocks the editor starts with; read once, on mount (remount with a `key` to load others). */
  initialBlocks: readonly ActivityBlock[];
  /** Every change, as the whole list of blocks in the contracts' shape. */
  onChange: (blocks: ActivityBlock[]) => void;
  /** Labels the editing area for screen readers. */
  label: string;
}

/**
 * Editor.js (ADR 020), created in an effect and destroyed on unmount (StrictMode mounts twice in development). It
 * owns the blocks' order and Editor.js's own text tools; the custom tools' React forms are rendered here, through
 * portals into the elements the tools gave Editor.js, so they keep the app's providers.
 */
export default function BlockEditorImpl({ initialBlocks, onChange, label }: BlockEditorProps) {
  const holder = useRef<HTMLDivElement>(null);
  const [registry] = useState(() => new ToolRegistry());
  const slots = useSyncExternalStore(registry.subscribe, registry.getSnapshot);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const initialRef = useRef(initialBlocks);

  useEffect(() => {
    if (!holder.current) return;
    let ready = false;
    let destroyed = false;
    const emit = async () => {
      if (!ready || destroyed) return;
      const saved = await editor.save();
      if (!destroyed) onChangeRef.current(toContractBlocks(saved.blocks));
    };
    const editor = new EditorJS({
      holder: holder.current,
      tools: editorTools(registry),
      defaultBlock: 'paragraph',
      data: { blocks: initialRef.current.map((b) => ({ ...b }) as OutputBlockData) },
      placeholder: 'Write here, or press Tab for the block menu',
      minHeight: 80,
      onChange: () => void emit(),
    });
    const stopListening = registry.listenForData(() => void emit());
    // Editor.js's block menus scroll but their items are not focusable (axe: scrollable-region-focusable), so the
    // scrolling list itself takes focus; menus are made on demand, hence the observer.
    const holderElement = holder.current;
    const focusableMenus = new MutationObserver(() => {
      for (const list of holderElement.querySelectorAll<HTMLElement>('.ce-popover__items:not([tabindex])')) {
        list.tabIndex = 0;
      }
    });
    focusableMenus.observe(holderElement, { childList: true, subtree: true });
    void editor.isReady.then(() => {
      ready = true;
    });
    return () => {
      destroyed = true;
      stopListening();
      focusableMenus.disconnect();
      void editor.isReady.then(() => editor.destroy()).catch(() => {});
    };
  }, [registry]);

  return (
    <Box className={classes.editor} role="region" aria-label={label}>
      <div ref={holder} />
      {slots.map((slot) => createPortal(<SlotForm slot={slot} registry={registry} />, slot.element, slot.id))}
    </Box>
  );
}

/**
 * One block's form. A key typed in a form changes that block's slot alone (the registry keeps the others' as they
 * were), so only that form draws again, not every form of the activity.
 */
const SlotForm = memo(function SlotForm({ slot, registry }: { slot: ToolSlot; registry: ToolRegistry }) {
  return <BlockForm slot={slot} onChange={(data) => registry.setData(slot.id, data)} />;
});
