import type { AdminCourseDetail } from '@banksia/contracts/authoring-courses';
import { useState } from 'react';
import { fieldErrorsOf, formErrorOf } from '../../../../components/field-errors';
import { reorderCourseTree } from '../api/reorder-course-tree';
import { updateAttachment } from '../api/update-attachment';
import { useUpdateTreeLesson } from '../api/update-lesson';
import { updateSection } from '../api/update-section';
import type { TreeAction } from '../components/course-tree';
import type { Prompt } from '../components/tree-places';
import type { Send } from './use-course-send';

/**
 * What the tree's drags and menus do: a reorder or a topic's or attachment's flag is sent at once; a lesson's flag is
 * saved on the lesson (its own version); rename, add, move and delete open the dialog.
 */
export function useTreeActions(detail: AdminCourseDetail, send: Send, open: (prompt: Prompt) => void) {
  const courseId = detail.course.id;
  const lessonWrite = useUpdateTreeLesson(courseId);
  const [lessonError, setLessonError] = useState<string | null>(null);

  const onAction = (action: TreeAction) => {
    setLessonError(null);
    switch (action.kind) {
      case 'reorder':
        send((version) =>
          reorderCourseTree(courseId, { version, parent_node_id: action.parentNodeId, node_ids: action.nodeIds }),
        );
        return;
      case 'rename':
      case 'move':
      case 'delete':
        open({ kind: action.kind, node: action.node });
        return;
      case 'add':
        open(action);
        return;
      case 'flag': {
        const { node, flag, value } = action;
        if (node.node_type === 'section') {
          send((version) => updateSection(courseId, node.value_id, { version, is_published: value }));
        } else if (node.node_type === 'attachment') {
          send((version) => updateAttachment(courseId, node.value_id, { version, is_premium: value }));
        } else if (node.node_type === 'lesson' && node.version !== null) {
          // The lesson keeps its own version: a change from the tree names it, like a save from its editor.
          lessonWrite.mutate(
            { lessonId: node.value_id, body: { version: node.version, [flag]: value } },
            { onError: (error) => setLessonError(Object.values(fieldErrorsOf(error))[0] ?? formErrorOf(error)) },
          );
        }
        return;
      }
    }
  };
  return { onAction, lessonError, lessonPending: lessonWrite.isPending };
}
