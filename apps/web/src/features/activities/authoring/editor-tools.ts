import type { BlockType } from '@banksia/contracts/activities';
import type { BlockToolConstructorOptions, ToolConstructable, ToolSettings } from '@editorjs/editorjs';
import Header from '@editorjs/header';
import List from '@editorjs/list';
import Table from '@editorjs/table';
import { blockTitles, defaultData } from './block-defaults';
import type { ToolRegistry } from './tool-registry';

// The Editor.js tools of the activity editor (ADR 020): Editor.js's own paragraph, header, list and table tools for
// plain content, and one custom tool for every other block type of the contracts, whose form is React (rendered
// by the editor host into the element the tool hands Editor.js). Cloze tables are Editor.js's table with a word
// bank and an example answer beside it.

/** Events a form inside a block handles itself: Editor.js must not also act on them (Enter, Tab, arrows, drags). */
const OWN_EVENTS = [
  'keydown',
  'keyup',
  'keypress',
  'paste',
  'copy',
  'cut',
  'mousedown',
  'pointerdown',
  'drop',
  'dragover',
  'input',
] as const;

/**
 * The element a block's React form is rendered into, kept apart from Editor.js: the form handles its own events, and
 * Editor.js ignores changes to the form's DOM (`data-mutation-free`; the form reports its data through the registry).
 *
 * Without the mark the rich-text form froze the tab (issue 33): on every change inside a block Editor.js sets
 * `data-empty` on each of the block's inputs, the paragraphs of the form's ProseMirror editor among them; ProseMirror
 * answers a changed attribute in its content by drawing that paragraph again, a change Editor.js answered by setting
 * `data-empty` again. The two mutation observers fed each other in microtasks, and the page never drew again.
 */
function formElement(type: BlockType): HTMLElement {
  const element = document.createElement('div');
  element.dataset.blockType = type;
  element.dataset.mutationFree = 'true';
  for (const eventType of OWN_EVENTS) element.addEventListener(eventType, (event) => event.stopPropagation());
  return element;
}

const icon = (path: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="17" height="17" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${path}</svg>`;

const icons: Record<BlockType, string> = {
  paragraph: icon('<path d="M4 6h16M4 12h16M4 18h10"/>'),
  header: icon('<path d="M6 4v16M18 4v16M6 12h12"/>'),
  list: icon('<path d="M9 6h11M9 12h11M9 18h11M5 6v.01M5 12v.01M5 18v.01"/>'),
  illustration: icon('<path d="M4 20l4-1 11-11-3-3L5 16l-1 4z"/>'),
  table: icon('<rect x="3" y="4" width="18" height="16" rx="2"/><path d="M3 10h18M9 4v16"/>'),
  'rich-text': icon('<path d="M7 4h10M12 4v16M9 20h6"/>'),
  'cloze-paragraph-dnd': icon('<path d="M4 8h5M15 8h5M4 16h16"/><rect x="10" y="6" width="4" height="4"/>'),
  'cloze-paragraph-input': icon('<path d="M4 8h5M15 8h5M4 16h16M10 10h4"/>'),
  'cloze-table-text': icon('<rect x="3" y="4" width="18" height="16" rx="2"/><path d="M3 12h18M12 4v16M14 16h4"/>'),
  'cloze-table-dnd': icon(
    '<rect x="3" y="4" width="18" height="16" rx="2"/><path d="M3 12h18M12 4v16"/><rect x="14" y="14" width="4" height="4"/>',
  ),
  image: icon('<rect x="3" y="5" width="18" height="14" rx="2"/><path d="M3 16l5-5 4 4 3-3 6 6"/>'),
  'file-upload': icon('<path d="M12 16V4M7 9l5-5 5 5M5 20h14"/>'),
  'drag-and-drop-image': icon(
    '<rect x="3" y="5" width="18" height="14" rx="2"/><rect x="7" y="9" width="5" height="4"/><path d="M15 13l3 3"/>',
  ),
};

type Options = BlockToolConstructorOptions<Record<string, unknown>>;

/** A block whose whole form is React: Editor.js gets an empty element, saved data comes from the registry. */
function reactTool(type: BlockType, registry: ToolRegistry): ToolConstructable {
  return class ReactBlockTool {
    static get toolbox() {
      return { title: blockTitles[type], icon: icons[type] };
    }
    static get enableLineBreaks() {
      return true;
    }
    private readonly id: string;
    private readonly initial: Record<string, unknown>;
    constructor({ data, block }: Options) {
      this.id = block.id;
      this.initial = data && Object.keys(data).length ? data : defaultData(type);
    }
    render(): HTMLElement {
      const element = formElement(type);
      registry.register({ id: this.id, type, element, data: this.initial });
      return element;
    }
    save(): Record<string, unknown> {
      return registry.data(this.id) ?? this.initial;
    }
    destroy(): void {
      registry.unregister(this.id);
    }
  } as unknown as ToolConstructable;
}

interface TableToolInstance {
  render(): HTMLElement;
  save(): Record<string, unknown>;
  destroy(): void;
}
type TableToolClass = new (options: Options) => TableToolInstance;

/**
 * A cloze table: Editor.js's table (cells may hold {{response}}), and beside it a React form for the fields the
 * table tool does not know: the word bank (drag-and-drop tables) and the example answer.
 */
function clozeTableTool(type: 'cloze-table-text' | 'cloze-table-dnd', registry: ToolRegistry): ToolConstructable {
  const Base = Table as unknown as TableToolClass;
  return class ClozeTableTool extends Base {
    static get toolbox() {
      return { title: blockTitles[type], icon: icons[type] };
    }
    private readonly blockId: string;
    private readonly extras: Record<string, unknown>;
    constructor(options: Options) {
      const data = options.data && Object.keys(options.data).length ? options.data : defaultData(type);
      super({ ...options, data });
      this.blockId = options.block.id;
      const { content: _content, withHeadings: _headings, ...extras } = data;
      this.extras = type === 'cloze-table-dnd' ? { options: [], ...extras } : extras;
    }
    override render(): HTMLElement {
      const wrapper = document.createElement('div');
      wrapper.appendChild(super.render());
      const element = formElement(type);
      wrapper.appendChild(element);
      registry.register({
        id: this.blockId,
        type,
        element,
        data: this.extras,
        readBase: () => {
          const { content, withHeadings } = super.save();
          return { content, withHeadings: Boolean(withHeadings) };
        },
      });
      return wrapper;
    }
    override save(): Record<string, unknown> {
      const { content, withHeadings } = super.save();
      return { content, withHeadings: Boolean(withHeadings), ...(registry.data(this.blockId) ?? this.extras) };
    }
    override destroy(): void {
      super.destroy();
      registry.unregister(this.blockId);
    }
  } as unknown as ToolConstructable;
}

/** Editor.js's tool settings for every block type of the contracts. */
export function editorTools(registry: ToolRegistry): Record<BlockType, ToolSettings | ToolConstructable> {
  const custom = (type: BlockType) => ({ class: reactTool(type, registry) });
  return {
    // Editor.js's own paragraph (its default block), inline bold, italic and link.
    paragraph: { inlineToolbar: true } as ToolSettings,
    header: {
      class: Header as unknown as ToolConstructable,
      inlineToolbar: true,
      config: { levels: [2, 3, 4], defaultLevel: 2, placeholder: 'Heading' },
    },
    list: {
      class: List as unknown as ToolConstructable,
      inlineToolbar: true,
      config: { defaultStyle: 'unordered' },
    },
    table: { class: Table as unknown as ToolConstructable, inlineToolbar: true, config: { rows: 2, cols: 2 } },
    'cloze-table-text': { class: clozeTableTool('cloze-table-text', registry), inlineToolbar: true },
    'cloze-table-dnd': { class: clozeTableTool('cloze-table-dnd', registry), inlineToolbar: true },
    illustration: custom('illustration'),
    'rich-text': custom('rich-text'),
    'cloze-paragraph-dnd': custom('cloze-paragraph-dnd'),
    'cloze-paragraph-input': custom('cloze-paragraph-input'),
    image: custom('image'),
    'file-upload': custom('file-upload'),
    'drag-and-drop-image': custom('drag-and-drop-image'),
  };
}
