import {
  blockResponseSchema,
  responseBlockTypes,
  reviewLabels,
  type ActivityBlock,
  type BlockResponse,
  type ResponseBlockType,
} from '../activities';

/** The four ways the activity viewer shows an activity (spec §2). */
export const viewerModes = ['normal', 'review', 'read-only', 'example'] as const;
export type ViewerMode = (typeof viewerModes)[number];

/** Whether the viewer takes a student's input; read-only and example modes ignore it (spec §4). */
export function acceptsResponses(mode: ViewerMode): boolean {
  return mode === 'normal' || mode === 'review';
}

/** Whether a block type is one a student answers, and so shows in review mode. */
export function isResponseBlock(type: string): type is ResponseBlockType {
  return (responseBlockTypes as readonly string[]).includes(type);
}

/**
 * The response a block shows. Example mode shows the author's example_response, never a student's work; its shape
 * is not fixed by the spec, so one that does not read as a block response shows nothing. Other modes show the
 * stored response for the block.
 */
export function responseFor(
  block: ActivityBlock,
  mode: ViewerMode,
  responses: Readonly<Record<string, BlockResponse>> | undefined,
): BlockResponse | undefined {
  if (mode === 'example') {
    const example = block.data.example_response;
    if (example === undefined) return undefined;
    const parsed = blockResponseSchema.safeParse(example);
    return parsed.success ? parsed.data : undefined;
  }
  return responses?.[block.id];
}

/**
 * Stores a student's answer to one block, unless the mode ignores responses (spec §4), in which case the same
 * object comes back so callers can skip saving.
 */
export function applyBlockResponse(
  mode: ViewerMode,
  responses: Readonly<Record<string, BlockResponse>>,
  blockId: string,
  response: BlockResponse,
): Readonly<Record<string, BlockResponse>> {
  if (!acceptsResponses(mode)) return responses;
  return { ...responses, [blockId]: response };
}

/** A response block with its review-mode heading. */
export interface ReviewBlock {
  block: Extract<ActivityBlock, { type: ResponseBlockType }>;
  label: string;
}

const isAnswerable = (block: ActivityBlock): block is ReviewBlock['block'] => isResponseBlock(block.type);

/** The blocks review mode shows: response blocks only, in activity order, each with its label (spec §5). */
export function reviewBlocks(blocks: readonly ActivityBlock[]): ReviewBlock[] {
  return blocks.filter(isAnswerable).map((block) => ({ block, label: reviewLabels[block.type] }));
}
