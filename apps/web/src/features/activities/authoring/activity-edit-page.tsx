import {
  activityBlockSchema,
  type ActivityBlock,
  type ActivityDetail,
  type ActivityListItem,
} from '@banksia/contracts/activities';
import { Alert, Anchor, Button, Group, List, Modal, Paper, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { AutosaveAlerts } from '../../../components/autosave-alerts';
import { fieldErrorsOf, formErrorOf, type FieldErrors } from '../../../components/field-errors';
import { LoadingState } from '../../../components/loading-state';
import { SaveIndicator } from '../../../components/save-indicator';
import { UnsavedGuard } from '../../../components/unsaved-guard';
import { Autosaver } from '../../../lib/autosaver';
import { urlFor } from '../../../lib/named-routes';
import { useAutosaver } from '../../../lib/use-autosaver';
import { useClearResponses } from '../api/clear-responses';
import { useCreateActivity } from '../api/create-activity';
import { useActivities } from '../api/get-activities';
import { useResponsesSummary } from '../api/get-responses-summary';
import { activityListKey } from '../api/query-keys';
import { updateActivity } from '../api/update-activity';
import { activityQueryOptions } from '../api/get-activity';
import { ActivityPlacement, type ActivityPlacementValue } from './activity-placement';
import { ActivityPreview } from './activity-preview';
import { firstInvalidBlock } from './block-defaults';
import { BlockEditor } from './block-editor';
import { UsageList } from './usage-list';

/** Quiet time after the last edit before an activity is saved. */
export const ACTIVITY_AUTOSAVE_DELAY_MS = 1500;

interface ActivityDraft {
  title: string;
  blocks: ActivityBlock[];
  /** Where it is placed (absent in drafts kept before placement could be edited: then left as it is). */
  course_id?: number | null;
  lesson_id?: number | null;
}

const draftSchema = z.object({
  title: z.string(),
  blocks: z.array(activityBlockSchema),
  course_id: z.number().int().nullable().optional(),
  lesson_id: z.number().int().nullable().optional(),
});

/** The placement fields of a draft, as the API takes them (nothing when the draft has none). */
const placementOf = (value: ActivityDraft) =>
  value.course_id === undefined ? {} : { course_id: value.course_id, lesson_id: value.lesson_id ?? null };

/** Where this browser keeps unsaved changes to one activity. */
export const activityDraftKey = (activityId: number) => `banksia:activity-authoring:${activityId}`;

/** /content/admin/activity/edit/ (a new activity) and /content/admin/activity/edit/{activityId}/. */
export function ActivityEditRoute() {
  const { activityId } = useParams();
  const id = activityId ? Number(activityId) : null;
  if (id === null) return <NewActivity />;
  if (!Number.isInteger(id) || id <= 0) throw new Response('Not found', { status: 404 });
  return <ExistingActivity key={id} activityId={id} />;
}

function Header({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start">
      <div>
        <Anchor component={Link} to={urlFor('content-admin-activities')} size="sm">
          All activities
        </Anchor>
        <Title order={1}>{title}</Title>
      </div>
      {children}
    </Group>
  );
}

function EditorAndPreview({
  editorKey,
  initialBlocks,
  blocks,
  onBlocks,
}: {
  editorKey: string;
  initialBlocks: ActivityBlock[];
  blocks: ActivityBlock[];
  onBlocks: (blocks: ActivityBlock[]) => void;
}) {
  // Each key typed in the editor brings new blocks. The preview (the whole activity, drawn by the viewer) follows them
  // at React's low priority, so drawing it never holds up the next key.
  const previewBlocks = useDeferredValue(blocks);
  return (
    <Tabs defaultValue="edit" keepMounted>
      <Tabs.List>
        <Tabs.Tab value="edit">Blocks</Tabs.Tab>
        <Tabs.Tab value="preview">Preview</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="edit" pt="md">
        <Text size="sm" c="dimmed" mb="xs">
          Press + (or Tab in an empty line) to add a block; drag ⋮⋮ or use its menu to move or delete one.
        </Text>
        <BlockEditor key={editorKey} initialBlocks={initialBlocks} onChange={onBlocks} label="Activity blocks" />
      </Tabs.Panel>
      <Tabs.Panel value="preview" pt="md">
        <ActivityPreview blocks={previewBlocks} />
      </Tabs.Panel>
    </Tabs>
  );
}

function NewActivity() {
  useDocumentTitle('New activity · Banksia');
  const navigate = useNavigate();
  const create = useCreateActivity();
  const [title, setTitle] = useState('');
  const [blocks, setBlocks] = useState<ActivityBlock[]>([]);
  const [placement, setPlacement] = useState<ActivityPlacementValue>({ course_id: null, lesson_id: null });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [createdId, setCreatedId] = useState<number | null>(null);
  const unsaved =
    createdId === null && (title.trim() !== '' || blocks.some((b) => b.type !== 'paragraph' || b.data.text));
  const guard = (
    <UnsavedGuard unsaved={unsaved}>
      Your latest changes to this activity are not saved yet. If you leave now, they may be lost.
    </UnsavedGuard>
  );
  const invalid = firstInvalidBlock(blocks);

  // Once the guard has seen the activity created (a render later), go on to editing it.
  useEffect(() => {
    if (createdId !== null) {
      void navigate(urlFor('content-admin-activity-edit', { activityId: createdId }), { replace: true });
    }
  }, [createdId, navigate]);

  const submit = () => {
    if (!title.trim()) {
      setErrors({ title: 'Give the activity a title.' });
      return;
    }
    setErrors({});
    create.mutate(
      { title: title.trim(), blocks, ...placement },
      {
        onSuccess: (activity) => setCreatedId(activity.id),
        onError: (error) => setErrors(fieldErrorsOf(error)),
      },
    );
  };

  return (
    <Stack gap="md" maw={1100}>
      {guard}
      <Header title="New activity">
        <Button onClick={submit} loading={create.isPending}>
          Create activity
        </Button>
      </Header>
      <Text size="sm" c="dimmed">
        Once created, every change is saved as you go.
      </Text>
      <TextInput
        label="Title"
        required
        value={title}
        onChange={(event) => setTitle(event.currentTarget.value)}
        error={errors.title}
        maxLength={200}
        maw={560}
      />
      <ActivityPlacement value={placement} onChange={setPlacement} errors={errors} />
      <BlockErrors invalid={invalid} errors={errors} failure={create.isError ? create.error : null} />
      <EditorAndPreview editorKey="new" initialBlocks={[]} blocks={blocks} onBlocks={setBlocks} />
    </Stack>
  );
}

/** Field errors of blocks (e.g. blocks.3.data.items.0) and a failure not tied to a field. */
function BlockErrors({ invalid, errors, failure }: { invalid: string | null; errors: FieldErrors; failure: unknown }) {
  const blockErrors = Object.entries(errors).filter(
    ([field]) => field !== 'title' && field !== 'course_id' && field !== 'lesson_id',
  );
  if (!invalid && blockErrors.length === 0 && !failure) return null;
  return (
    <Alert color="red" variant="light" title="Some blocks cannot be saved yet" role="alert">
      <List size="sm">
        {invalid && <List.Item>{invalid}</List.Item>}
        {blockErrors.map(([field, message]) => (
          <List.Item key={field}>
            {field}: {message}
          </List.Item>
        ))}
        {failure !== null && blockErrors.length === 0 && !invalid ? (
          <List.Item>{formErrorOf(failure)}</List.Item>
        ) : null}
      </List>
    </Alert>
  );
}

function ExistingActivity({ activityId }: { activityId: number }) {
  // Always fetched on opening (even just after creating it), so edits start from the server's latest version.
  const activity = useQuery({ ...activityQueryOptions(activityId), refetchOnMount: 'always' });
  useDocumentTitle(activity.data ? `Edit ${activity.data.title} · Banksia` : 'Edit activity · Banksia');
  if (activity.isError) throw activity.error;
  // Edits start from the server's latest version, never a cached copy, so a stale version cannot cause a conflict.
  if (!activity.data || !activity.isFetchedAfterMount) return <LoadingState label="Loading the activity" />;
  return <ActivityEditor activity={activity.data} />;
}

function ActivityEditor({ activity }: { activity: ActivityDetail }) {
  const queryClient = useQueryClient();
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [generation, setGeneration] = useState(0);
  const { saver, ...autosave } = useAutosaver(
    () =>
      new Autosaver<ActivityDraft>({
        draftKey: activityDraftKey(activity.id),
        valueSchema: draftSchema,
        initial: {
          value: {
            title: activity.title,
            blocks: activity.blocks,
            course_id: activity.course_id,
            lesson_id: activity.lesson_id,
          },
          version: activity.version,
        },
        delayMs: ACTIVITY_AUTOSAVE_DELAY_MS,
        check: (value) => (!value.title.trim() || firstInvalidBlock(value.blocks) ? 'invalid' : null),
        save: async (value, version, { keepalive }) => {
          const result = await updateActivity(
            activity.id,
            { title: value.title.trim(), blocks: value.blocks, ...placementOf(value), version },
            { keepalive },
          );
          setServerErrors(
            result.ok || result.status !== 400
              ? {}
              : fieldErrorsOf({ errors: (result.body as { errors?: unknown })?.errors }),
          );
          return result;
        },
        fetchLatest: async () => {
          const latest = await queryClient.fetchQuery({ ...activityQueryOptions(activity.id), staleTime: 0 });
          return {
            value: {
              title: latest.title,
              blocks: latest.blocks,
              course_id: latest.course_id,
              lesson_id: latest.lesson_id,
            },
            version: latest.version,
          };
        },
        onSaved: (answer) => {
          queryClient.setQueryData(activityQueryOptions(activity.id).queryKey, answer as ActivityDetail);
          // Where it is used follows its placement.
          void queryClient.invalidateQueries({ queryKey: activityListKey });
        },
      }),
  );
  const [initialBlocks, setInitialBlocks] = useState(() => autosave.value.blocks);
  const value = autosave.value;
  const guard = (
    <UnsavedGuard unsaved={autosave.status !== 'saved'}>
      Your latest changes to this activity are not saved yet. If you leave now, they may be lost.
    </UnsavedGuard>
  );
  const invalid = firstInvalidBlock(value.blocks);

  const loadLatest = async () => {
    await saver.loadLatest();
    // The editor reads its blocks once: start it again on the version loaded.
    setInitialBlocks(saver.getSnapshot().value.blocks);
    setGeneration((g) => g + 1);
  };

  return (
    <Stack gap="md" maw={1100}>
      {guard}
      <Header title="Edit activity">
        <SaveIndicator
          status={autosave.status}
          errorText={autosave.problem === 'invalid' ? 'Not saved: fix the errors below' : undefined}
        />
      </Header>
      <AutosaveAlerts autosave={{ ...autosave, loadLatest, keepMine: saver.keepMine }} noun="activity contents" />
      <TextInput
        label="Title"
        required
        value={value.title}
        onChange={(event) => saver.change({ ...saver.getSnapshot().value, title: event.currentTarget.value })}
        error={!value.title.trim() ? 'Give the activity a title.' : serverErrors.title}
        maxLength={200}
        maw={560}
      />
      <ActivityPlacement
        value={{
          course_id: value.course_id === undefined ? activity.course_id : value.course_id,
          lesson_id: value.lesson_id === undefined ? activity.lesson_id : value.lesson_id,
        }}
        onChange={(placement) => saver.change({ ...saver.getSnapshot().value, ...placement })}
        errors={serverErrors}
      />
      <BlockErrors invalid={invalid} errors={serverErrors} failure={null} />
      <EditorAndPreview
        editorKey={`${activity.id}:${generation}`}
        initialBlocks={initialBlocks}
        blocks={value.blocks}
        onBlocks={(blocks) => saver.change({ ...saver.getSnapshot().value, blocks })}
      />
      <WhereUsed activityId={activity.id} />
      <ClearResponses activityId={activity.id} />
    </Stack>
  );
}

function WhereUsed({ activityId }: { activityId: number }) {
  const found = useActivities(`#${activityId}`);
  const item: ActivityListItem | undefined = found.data?.results.find((r) => r.id === activityId);
  if (!item) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="where-used">
      <Title order={2} size="h4" id="where-used">
        Where this activity is used
      </Title>
      <UsageList item={item} />
    </Paper>
  );
}

export const studentsPhrase = (n: number) => (n === 1 ? '1 student' : `${n} students`);

/** Clearing every student's answers, after a confirmation that says how many the server will remove. */
function ClearResponses({ activityId }: { activityId: number }) {
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState<number | null>(null);
  const summary = useResponsesSummary(activityId, asking);
  const clear = useClearResponses(activityId);
  const students = summary.data?.students ?? 0;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="clear-responses">
      <Title order={2} size="h4" id="clear-responses">
        Students&apos; answers
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Clearing removes every student&apos;s answers to this activity, in every class, and the files they uploaded. It
        cannot be undone.
      </Text>
      {done !== null && (
        <Alert color="teal" variant="light" mb="sm" role="status">
          Removed the answers of {studentsPhrase(done)}.
        </Alert>
      )}
      <Button
        color="red"
        variant="light"
        onClick={() => {
          setDone(null);
          clear.reset();
          setAsking(true);
        }}
      >
        Clear students&apos; answers
      </Button>
      <Modal opened={asking} onClose={() => setAsking(false)} title="Clear students' answers?" centered>
        {summary.isPending ? (
          <LoadingState label="Counting answers" />
        ) : summary.isError ? (
          <Alert color="red">{formErrorOf(summary.error)}</Alert>
        ) : (
          <Stack gap="md">
            <Text size="sm">
              {summary.data.responses === 0
                ? 'No student has answered this activity yet: there is nothing to clear.'
                : `This removes the answers of ${studentsPhrase(students)} (${summary.data.responses} ${
                    summary.data.responses === 1 ? 'response' : 'responses'
                  }). It cannot be undone.`}
            </Text>
            {clear.isError && <Alert color="red">{formErrorOf(clear.error)}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsking(false)}>
                Cancel
              </Button>
              <Button
                color="red"
                disabled={summary.data.responses === 0}
                loading={clear.isPending}
                onClick={() =>
                  clear.mutate(undefined, {
                    onSuccess: () => {
                      setDone(students);
                      setAsking(false);
                    },
                  })
                }
              >
                Clear {studentsPhrase(students)}&apos; answers
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Paper>
  );
}
