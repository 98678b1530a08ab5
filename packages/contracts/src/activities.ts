import { z } from 'zod';
import { MAX_ID } from './ids';

/** Marks a blank inside cloze text and table cells (spec §3). */
export const RESPONSE_PLACEHOLDER = '{{response}}';
/** The word bank is itself a drop zone, so a placed word can be dragged back to it (spec §4). */
export const WORD_BANK_DROPZONE_ID = 'wordBankDropzone';
export const WORD_BANK_LABEL = 'Word bank';

/** Spec §5 and §9: 30MB is meant in decimal bytes, not 30 MiB. */
export const MAX_UPLOAD_BYTES = 30_000_000;
/** How long 'Your file has been uploaded.' stays before the read-only file link replaces it (spec §4, §9). */
export const UPLOAD_CONFIRMATION_MS = 3000;
/** Length of the random part of an uploaded asset's key (spec §9). */
export const RANDOM_KEY_SUFFIX_LENGTH = 8;
/** Key prefix of drawing images sent through asset_upload_form (spec §7). */
export const DRAWING_ASSET_PREFIX = 'media/assets/drawing-input-field/';
/** Width assumed for a drag-and-drop image area until the real width has been measured (spec §9). */
export const DEFAULT_DRAG_AREA_WIDTH = 1000;
/** Touch drags start only after this hold, so a student can still scroll on a tablet (spec §9, ADR 017). */
export const TOUCH_DELAY_MS = 100;
/** Pixels a finger may move during the hold before the drag is abandoned (spec §9). */
export const TOUCH_TOLERANCE = 5;
/** Spec §9 also allows "a fixed default, value not given"; 485 is the value it does give. */
export const DEFAULT_CANVAS_HEIGHT = 485;
/** Teachers reviewing work see student responses refreshed this often (spec §4). */
export const RESPONSES_REFRESH_MS = 5000;
/** 'Saved' waits this long before showing, so a quick save does not flicker (spec §4, §9). */
export const SAVED_DISPLAY_DELAY_MS = 500;

/** Image types a drawing asset may have (SVG is not one: assets are served publicly). */
export const DRAWING_ASSET_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** Upload status values (spec §3). */
export const uploadStatuses = ['IDLE', 'UPLOADING', 'SUCCESS', 'ERROR'] as const;
export const uploadStatusSchema = z.enum(uploadStatuses);
export type UploadStatus = z.infer<typeof uploadStatusSchema>;

/** Save status values (spec §3). */
export const saveStatuses = ['saved', 'saving', 'error'] as const;
export const saveStatusSchema = z.enum(saveStatuses);
export type SaveStatus = z.infer<typeof saveStatusSchema>;

/** The upload prompts of spec §8, word for word. */
export const UPLOAD_PROMPTS = {
  select: 'Select a file to upload',
  uploaded: 'Your file has been uploaded.',
  uploading: 'Uploading...',
  wrongType: 'You can upload the following file types: .doc, .docx, .pdf and image files.',
  tooLarge: 'The maximum size allowed for file uploads is 30MB.',
} as const;

/** The 13 block types of spec §3. */
export const blockTypes = [
  'paragraph',
  'header',
  'list',
  'illustration',
  'table',
  'rich-text',
  'cloze-paragraph-dnd',
  'cloze-paragraph-input',
  'cloze-table-text',
  'cloze-table-dnd',
  'image',
  'file-upload',
  'drag-and-drop-image',
] as const;
export type BlockType = (typeof blockTypes)[number];

/** Block types a student answers; only these appear in review mode (spec §5). */
export const responseBlockTypes = [
  'illustration',
  'rich-text',
  'cloze-paragraph-dnd',
  'cloze-paragraph-input',
  'cloze-table-text',
  'cloze-table-dnd',
  'file-upload',
  'drag-and-drop-image',
] as const satisfies readonly BlockType[];
export type ResponseBlockType = (typeof responseBlockTypes)[number];

/** Headings review mode puts over each response block (spec §5). */
export const reviewLabels: Record<ResponseBlockType, string> = {
  illustration: 'Drawing response',
  'rich-text': 'Text response',
  'cloze-paragraph-dnd': 'Fill in the blank response',
  'cloze-paragraph-input': 'Fill in the blank response',
  'cloze-table-text': 'Fill in the table response',
  'cloze-table-dnd': 'Fill in the table response',
  'file-upload': 'File upload submission',
  'drag-and-drop-image': 'Drag and drop image response',
};

// Every block's data may carry a model answer for example mode (spec §3); its shape is not given, so it stays unknown.
const blockData = z.object({ example_response: z.unknown().optional() });

/** Rows of cells; a cell is HTML and, in cloze tables, may hold the response placeholder. */
const tableContent = z.array(z.array(z.string()));

export const paragraphDataSchema = blockData.extend({ text: z.string() });
export const headerDataSchema = blockData.extend({ text: z.string(), level: z.number().int().min(1).max(6) });

/** One entry of a (possibly nested) list block. */
export interface ListItem {
  content: string;
  items: ListItem[];
}
export const listItemSchema: z.ZodType<ListItem> = z
  .lazy(() => z.object({ content: z.string(), items: z.array(listItemSchema) }))
  .meta({ id: 'ListItem' }); // named, so the OpenAPI document can refer to it recursively
export const listDataSchema = blockData.extend({
  style: z.enum(['ordered', 'unordered']),
  items: z.array(listItemSchema),
});

/** init_response is the drawing the canvas starts from; the canvas library owns its shape. */
export const illustrationDataSchema = blockData.extend({ init_response: z.unknown().optional() });
export const tableDataSchema = blockData.extend({ content: tableContent, withHeadings: z.boolean() });
export const richTextDataSchema = blockData.extend({ text: z.string().optional() });
export const clozeParagraphDndDataSchema = blockData.extend({ text: z.string(), options: z.array(z.string()) });
export const clozeParagraphInputDataSchema = blockData.extend({ text: z.string(), options: z.array(z.string()) });
export const clozeTableTextDataSchema = blockData.extend({ content: tableContent, withHeadings: z.boolean() });
export const clozeTableDndDataSchema = blockData.extend({
  content: tableContent,
  withHeadings: z.boolean(),
  options: z.array(z.string()),
});
export const imageDataSchema = blockData.extend({ file: z.object({ url: z.string() }), caption: z.string() });
export const fileUploadDataSchema = blockData.extend({ text: z.string().optional() });

/** A piece the student drags; position and size are in the image's own pixels. */
export const draggableSchema = z.object({
  id: z.string(),
  x_position: z.number(),
  y_position: z.number(),
  width: z.number().nonnegative(),
  height: z.number().nonnegative(),
});
export type Draggable = z.infer<typeof draggableSchema>;

/** A target area on the image, in the image's own pixels; `value` is the author's text for it (meaning not given). */
export const dropzoneSchema = z.object({
  id: z.string(),
  x_offset: z.number(),
  y_offset: z.number(),
  width: z.number().nonnegative(),
  height: z.number().nonnegative(),
  value: z.string(),
});
export type Dropzone = z.infer<typeof dropzoneSchema>;

export const dragAndDropImageDataSchema = blockData.extend({
  image_url: z.string(),
  draggables: z.array(draggableSchema),
  dropzones: z.array(dropzoneSchema),
});

// Editor.js block ids are short random strings.
const blockId = z.string().min(1);
const block = <T extends BlockType, D extends z.ZodType>(type: T, data: D) =>
  z.object({ id: blockId, type: z.literal(type), data });

/** One activity block, checked against the data shape of its type. */
export const activityBlockSchema = z.discriminatedUnion('type', [
  block('paragraph', paragraphDataSchema),
  block('header', headerDataSchema),
  block('list', listDataSchema),
  block('illustration', illustrationDataSchema),
  block('table', tableDataSchema),
  block('rich-text', richTextDataSchema),
  block('cloze-paragraph-dnd', clozeParagraphDndDataSchema),
  block('cloze-paragraph-input', clozeParagraphInputDataSchema),
  block('cloze-table-text', clozeTableTextDataSchema),
  block('cloze-table-dnd', clozeTableDndDataSchema),
  block('image', imageDataSchema),
  block('file-upload', fileUploadDataSchema),
  block('drag-and-drop-image', dragAndDropImageDataSchema),
]);
export type ActivityBlock = z.infer<typeof activityBlockSchema>;
/** The block of one type, e.g. `BlockOf<'header'>`. */
export type BlockOf<T extends BlockType> = Extract<ActivityBlock, { type: T }>;

/** An activity body as Editor.js saves it (ADR 020); time and version are what Editor.js adds beside the blocks. */
export const activitySchema = z.object({
  time: z.number().optional(),
  version: z.string().optional(),
  blocks: z.array(activityBlockSchema),
});
export type Activity = z.infer<typeof activitySchema>;

/**
 * A student's answer to one block (spec §3). Which fields are set depends on the block type, so all are optional.
 * response_values holds one word per blank, or for table drag and drop one list of words per cell.
 */
export const blockResponseSchema = z.object({
  response_values: z.union([z.array(z.string()), z.array(z.array(z.string()))]).optional(),
  /** Rich-text answer as HTML, sanitised before saving (spec §5). */
  student_response: z.string().optional(),
  /** The drawing scene as the canvas library saves it; its shape is the library's. */
  submitted_drawing_json: z.unknown().optional(),
  submitted_drawing_svg: z.string().optional(),
  file_key: z.string().optional(),
  fileName: z.string().optional(),
  size: z.number().int().nonnegative().optional(),
  type: z.string().optional(),
  /** Draggable id → id of the dropzone it sits in; a draggable not on any dropzone has no entry. */
  draggable_to_containing_dropzone_map: z.record(z.string(), z.string()).optional(),
});
export type BlockResponse = z.infer<typeof blockResponseSchema>;

/** A student's answers to one activity, keyed by block id (spec §3). */
export const activityResponseSchema = z.object({
  id: z.number().int(),
  block_responses: z.record(z.string(), blockResponseSchema),
});
export type ActivityResponse = z.infer<typeof activityResponseSchema>;

/** Body of POST /api/v1/asset_upload_form/ (spec §7). */
export const assetUploadFormRequestSchema = z.object({ key: z.string().min(1), content_type: z.string() });
export type AssetUploadFormRequest = z.infer<typeof assetUploadFormRequestSchema>;

/** Answer of asset_upload_form: where to post the file, the form fields to send with it, and its public address. */
export const uploadFormResponseSchema = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  public_url: z.string(),
});
export type UploadFormResponse = z.infer<typeof uploadFormResponseSchema>;

/** Answer of the block file-url call (spec §7). */
export const fileUrlResponseSchema = z.object({ url: z.string() });
export type FileUrlResponse = z.infer<typeof fileUrlResponseSchema>;

/** Answer of the block upload-file call (spec §7). */
export const uploadResponseSchema = z.object({ file_key: z.string() });
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

// Request and answer shapes of the activities API (spec §7 gives paths; the shapes beyond it are ours).

const id = z.number().int().max(MAX_ID);

/** POST /api/v1/activities/activities/: Editor.js's `time` and `version` are dropped (not stored). */
export const createActivityBody = z.object({
  title: z.string().trim().min(1).max(200),
  blocks: z.array(activityBlockSchema).max(500),
  course_id: id.positive().nullable().optional(),
  lesson_id: id.positive().nullable().optional(),
});
export type CreateActivityBody = z.infer<typeof createActivityBody>;

/**
 * PATCH /api/v1/activities/activities/{activityId}/: any of the create fields, and the version the change was made
 * on, so two staff editing one activity get a 409 rather than one silently overwriting the other.
 */
export const updateActivityBody = createActivityBody.partial().extend({ version: id.positive() });
export type UpdateActivityBody = z.infer<typeof updateActivityBody>;

/** GET /api/v1/activities/activities/: search by title (or `#id`), newest change first. */
export const activityListQuery = z.object({ q: z.string().trim().max(200).optional() });
export type ActivityListQuery = z.infer<typeof activityListQuery>;

const usedIn = z.object({ id, title: z.string() });

/** One activity in the authoring list, with every place it is used. */
export const activityListItemSchema = z.object({
  id,
  title: z.string(),
  block_count: z.number().int().nonnegative(),
  version: id,
  updated_at: z.string(),
  /** The course it is placed in, and the lesson (with that lesson's course title). */
  course: usedIn.nullable(),
  lesson: usedIn.extend({ course_title: z.string() }).nullable(),
  /** Exams and question sets with a question that is this activity. */
  exams: z.array(usedIn.extend({ course_title: z.string() })),
  /** Teachers' tasks that set it. */
  task_count: z.number().int().nonnegative(),
  /** Students' responses to it, in every class. */
  response_count: z.number().int().nonnegative(),
});
export type ActivityListItem = z.infer<typeof activityListItemSchema>;

export const ACTIVITY_LIST_LIMIT = 100;
export const activityListResponse = z.object({ results: z.array(activityListItemSchema), count: z.number().int() });
export type ActivityListResponse = z.infer<typeof activityListResponse>;

/** GET …/activities/{activityId}/activity_responses/: what clearing them would remove. */
export const activityResponsesSummarySchema = z.object({
  /** Responses (one per student and class). */
  responses: z.number().int().nonnegative(),
  /** Distinct students whose answers would go. */
  students: z.number().int().nonnegative(),
});
export type ActivityResponsesSummary = z.infer<typeof activityResponsesSummarySchema>;

/** Images content staff may put in an activity (image and drag-and-drop image blocks); never SVG (public store). */
export const ACTIVITY_IMAGE_TYPES = DRAWING_ASSET_TYPES;
/** Largest activity image, in bytes. */
export const MAX_ACTIVITY_IMAGE_BYTES = 10_000_000;
/** Answer of POST /api/v1/activities/images/: where the image is stored and its public address. */
export const activityImageResponseSchema = z.object({ key: z.string(), url: z.string() });
export type ActivityImageResponse = z.infer<typeof activityImageResponseSchema>;

export const activityDetailSchema = z.object({
  id,
  title: z.string(),
  course_id: id.nullable(),
  lesson_id: id.nullable(),
  blocks: z.array(activityBlockSchema),
  /** Bumped on every change. */
  version: id,
  updated_at: z.string(),
});
export type ActivityDetail = z.infer<typeof activityDetailSchema>;

/** A student's response with the version a save must name (0 until first saved). */
export const versionedResponseSchema = activityResponseSchema.extend({ version: id.nonnegative() });
export type VersionedResponse = z.infer<typeof versionedResponseSchema>;

export const saveResponseBody = z.object({
  block_responses: z.record(z.string().min(1).max(100), blockResponseSchema),
  version: id.nonnegative(),
});
export type SaveResponseBody = z.infer<typeof saveResponseBody>;

/** One student of a class and their response to an activity (null until they first open it). */
export const classStudentResponseSchema = z.object({
  profile_id: id,
  first_name: z.string(),
  last_name: z.string(),
  response: versionedResponseSchema.extend({ updated_at: z.string() }).nullable(),
});
export type ClassStudentResponse = z.infer<typeof classStudentResponseSchema>;

/** GET …/activities/{activityId}/classes/{classId}/responses/: the class's teachers see every student's answers. */
export const classResponsesSchema = z.object({ students: z.array(classStudentResponseSchema) });
export type ClassResponses = z.infer<typeof classResponsesSchema>;
