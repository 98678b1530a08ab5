import { z } from 'zod';
import { idParam, MAX_ID } from './ids';

/** The video library and captions (issue 15 items 4 and 5): content staff only. */

const id = z.number().int().min(1).max(MAX_ID);
const version = z.number().int().min(1).max(MAX_ID);
const title = z.string().trim().min(1, 'This field may not be blank.').max(200);

/** Video files the library accepts, by declared type; the server also checks the file's first bytes. */
export const VIDEO_CONTENT_TYPES = ['video/mp4', 'video/webm'] as const;
export type VideoContentType = (typeof VIDEO_CONTENT_TYPES)[number];
/** Largest video file: 2 GB (a lesson video of an hour in good quality is well under it). */
export const MAX_VIDEO_BYTES = 2_000_000_000;
/** Bytes per upload request; the last chunk may be shorter. */
export const VIDEO_CHUNK_BYTES = 8 * 1024 * 1024;
/** Longest video: 4 hours, in seconds. */
export const MAX_VIDEO_SECONDS = 4 * 60 * 60;

export const videoIdParams = z.object({ videoId: idParam });
export const videoUploadParams = z.object({
  uploadId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Not an upload id.'),
});
export const captionTrackParams = z.object({ trackId: idParam });
export const captionCourseParams = z.object({ courseId: idParam });

/** Caption state of a video, for lists: none, a working copy in a review state, or approved. */
export const captionStates = ['none', 'requested', 'draft', 'in_review', 'changes_requested', 'approved'] as const;
export type CaptionState = (typeof captionStates)[number];
/** Progress of a caption order (spec: requested → drafted → in review → published). */
export const captionOrderStates = ['requested', 'drafted', 'in_review', 'published'] as const;

export const videoUsageSchema = z.object({
  lesson_id: id,
  lesson_title: z.string(),
  lesson_is_published: z.boolean(),
  course_id: id,
  course_title: z.string(),
  chunk_title: z.string(),
});

export const videoSummarySchema = z.object({
  id,
  title: z.string(),
  kind: z.enum(['file', 'hosted']),
  /** Where it plays from: the stored file's URL, or null for a hosted video. */
  url: z.string().nullable(),
  provider: z.string().nullable(),
  hosted_id: z.string().nullable(),
  file_name: z.string().nullable(),
  content_type: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  duration: z.number().int(),
  caption_state: z.enum(captionStates),
  used_in: z.array(videoUsageSchema),
  updated_at: z.string(),
});
export type VideoSummary = z.infer<typeof videoSummarySchema>;

export const videosQuery = z.object({ q: z.string().trim().max(200).optional() });
export const videosResponse = z.object({ videos: z.array(videoSummarySchema) });
export type VideosResponse = z.infer<typeof videosResponse>;

/** PATCH api:admin-video: rename. */
export const updateVideoBody = z.object({ title });

/** POST api:admin-video-uploads: start an upload (a new video, or a new file for `video_id`). */
export const startVideoUploadBody = z.object({
  video_id: id.nullable().default(null),
  title: title.optional(),
  file_name: z.string().trim().min(1, 'This field may not be blank.').max(255),
  content_type: z.enum(VIDEO_CONTENT_TYPES, { error: 'Choose an MP4 or WebM video.' }),
  size: z
    .number()
    .int()
    .min(1, 'The file is empty.')
    .max(MAX_VIDEO_BYTES, `The file is larger than ${MAX_VIDEO_BYTES / 1_000_000_000} GB.`),
  /**
   * Seconds, read by the browser from the file's metadata: checked here, but the video's stored length is the one
   * the server reads from the file's container when the upload completes.
   */
  duration: z
    .number()
    .min(0.1, 'The video has no duration.')
    .max(MAX_VIDEO_SECONDS, 'The video is longer than 4 hours.'),
});
export type StartVideoUploadBody = z.infer<typeof startVideoUploadBody>;

/**
 * How an upload's bytes travel: `server`, in chunks PUT to the app (local disk storage); `s3`, in parts PUT by the
 * browser straight to the bucket with presigned URLs (S3 configured), never through the app.
 */
export const VIDEO_UPLOAD_MODES = ['server', 's3'] as const;
export type VideoUploadMode = (typeof VIDEO_UPLOAD_MODES)[number];
/** Bytes per part of an upload straight to S3 (S3 wants at least 5 MiB but for the last part, at most 10,000 parts). */
export const VIDEO_PART_BYTES = 8 * 1024 * 1024;
/** Most parts of an S3 multipart upload. */
export const MAX_VIDEO_PARTS = 10_000;
/** Part URLs asked for at once. */
export const MAX_PART_URLS = 20;

/** The part size of an upload of `size` bytes straight to S3: 8 MiB, or more when 10,000 parts would not hold it. */
export function videoPartSize(size: number): number {
  return Math.max(VIDEO_PART_BYTES, Math.ceil(size / MAX_VIDEO_PARTS));
}

export const videoUploadStatus = z.object({
  upload_id: z.string(),
  size: z.number().int(),
  /** Bytes the server (or, in `s3` mode, the bucket) holds; in `server` mode the next chunk starts here. */
  received: z.number().int(),
  chunk_size: z.number().int(),
  /** Absent from answers made before direct uploads existed, which were all `server`. */
  mode: z.enum(VIDEO_UPLOAD_MODES).default('server'),
  /** `s3` mode: bytes per part (the last is shorter). */
  part_size: z.number().int().optional(),
  /** `s3` mode: the parts (numbered from 1) the bucket already holds, complete; a resumed upload skips them. */
  parts_done: z.array(z.number().int()).optional(),
});
export type VideoUploadStatus = z.infer<typeof videoUploadStatus>;

/** POST api:admin-video-upload-parts: presigned URLs to PUT these parts of an `s3` upload straight to the bucket. */
export const videoPartUrlsBody = z.object({
  part_numbers: z
    .array(z.number().int().min(1, 'Parts are numbered from 1.').max(MAX_VIDEO_PARTS))
    .min(1, 'Name at least one part.')
    .max(MAX_PART_URLS, `Ask for at most ${MAX_PART_URLS} parts at a time.`),
});
export type VideoPartUrlsBody = z.infer<typeof videoPartUrlsBody>;
export const videoPartUrlsResponse = z.object({
  /** PUT the part's bytes (exactly its size) to `url`; no headers are needed. */
  parts: z.array(z.object({ part_number: z.number().int(), url: z.string() })),
  /** When the URLs stop working (a few minutes after they were made): ask again for parts not sent by then. */
  expires_at: z.string(),
});
export type VideoPartUrls = z.infer<typeof videoPartUrlsResponse>;

/** PUT api:admin-video-upload?offset=N: the chunk's bytes as the raw body. */
export const videoChunkQuery = z.object({ offset: z.coerce.number().int().min(0) });

export const videoResponse = z.object({ video: videoSummarySchema });

// Captions

export const captionCueSchema = z.object({ start: z.number(), end: z.number(), text: z.string() });
export type CaptionCue = z.infer<typeof captionCueSchema>;

export const captionTrackSchema = z.object({
  id,
  video_id: id,
  label: z.string(),
  srclang: z.string(),
  status: z.enum(['draft', 'in_review', 'changes_requested', 'approved']),
  /** The working copy, as WebVTT. */
  content: z.string(),
  cues: z.array(captionCueSchema),
  cue_count: z.number().int(),
  /** Students get the approved copy; it may be older than the working copy. */
  has_published: z.boolean(),
  author_user_id: id.nullable(),
  author_name: z.string().nullable(),
  reviewer_name: z.string().nullable(),
  review_comment: z.string().nullable(),
  version,
  updated_at: z.string(),
});
export type CaptionTrack = z.infer<typeof captionTrackSchema>;

export const captionCourseSummarySchema = z.object({
  course_id: id,
  course_title: z.string(),
  year_published: z.number().int(),
  video_count: z.number().int(),
  /** Videos by caption state. */
  counts: z.record(z.enum(captionStates), z.number().int()),
});
export const captionCoursesResponse = z.object({ courses: z.array(captionCourseSummarySchema) });
export type CaptionCourses = z.infer<typeof captionCoursesResponse>;

export const captionOrderSchema = z.object({
  id,
  status: z.enum(captionOrderStates),
  requested_at: z.string(),
  requested_by: z.string().nullable(),
  note: z.string(),
});

export const courseCaptionVideoSchema = z.object({
  video: videoSummarySchema,
  /** Lessons of this course that play it. */
  lessons: z.array(z.object({ lesson_id: id, lesson_title: z.string(), chunk_title: z.string() })),
  track: captionTrackSchema.nullable(),
  order: captionOrderSchema.nullable(),
});
export const courseCaptionsResponse = z.object({
  course: z.object({ id, title: z.string() }),
  videos: z.array(courseCaptionVideoSchema),
});
export type CourseCaptions = z.infer<typeof courseCaptionsResponse>;
export type CourseCaptionVideo = z.infer<typeof courseCaptionVideoSchema>;

export const CAPTION_FORMATS = ['vtt', 'srt'] as const;
/** Largest caption file: 1 MB of text (a 4-hour video's captions are a few hundred KB). */
export const MAX_CAPTION_CHARS = 1_000_000;

/** PUT api:admin-video-captions: upload or edit the working copy of a video's captions in one language. */
export const saveCaptionsBody = z.object({
  format: z.enum(CAPTION_FORMATS),
  text: z.string().max(MAX_CAPTION_CHARS, 'The captions are longer than 1,000,000 characters.'),
  srclang: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'Use a language tag such as en or en-AU.')
    .default('en'),
  label: z.string().trim().min(1).max(60).default('English'),
  /** The track's version the edit was made on; omit for a new track. */
  version: version.optional(),
});
export type SaveCaptionsBody = z.infer<typeof saveCaptionsBody>;
export const captionTrackResponse = z.object({ track: captionTrackSchema });

export const captionSubmitBody = z.object({ version });
export const captionReviewBody = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve'), version }),
  z.object({
    decision: z.literal('send_back'),
    version,
    comment: z.string().trim().min(1, 'Say what needs changing.').max(2000),
  }),
]);
export type CaptionReviewBody = z.infer<typeof captionReviewBody>;

export const captionReviewCoursesResponse = z.object({
  courses: z.array(z.object({ course_id: id, course_title: z.string(), in_review: z.number().int() })),
});
export const captionReviewQueueResponse = z.object({
  course: z.object({ id, title: z.string() }),
  items: z.array(z.object({ video: videoSummarySchema, track: captionTrackSchema })),
});
export type CaptionReviewQueue = z.infer<typeof captionReviewQueueResponse>;

/** POST api:admin-caption-orders: ask for captions for these videos of the course (all without captions if empty). */
export const captionOrderBody = z.object({
  video_ids: z.array(id).max(1000).default([]),
  note: z.string().trim().max(500).default(''),
});
export const captionOrderResponse = z.object({ created: z.number().int() });
