import type { AdminCourseDetail } from '@banksia/contracts/authoring-courses';
import { useState, type FormEvent } from 'react';
import { addLesson } from '../api/add-lesson';
import { addSection } from '../api/add-section';
import { deleteCourseNode } from '../api/delete-course-node';
import { reorderCourseTree } from '../api/reorder-course-tree';
import { updateAttachment } from '../api/update-attachment';
import { updateSection } from '../api/update-section';
import { childrenOf, type Prompt } from '../components/tree-places';
import type { Send } from './use-course-send';

/** The tree's dialog: which prompt is open, its title or destination, and what submitting it sends. */
export function useTreePrompt(detail: AdminCourseDetail, send: Send) {
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const [text, setText] = useState('');
  const [target, setTarget] = useState<string | null>(null);

  const open = (p: Prompt) => {
    setPrompt(p);
    setText(p.kind === 'rename' ? p.node.title : '');
    setTarget(null);
  };
  const close = () => setPrompt(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (prompt) sendPrompt(detail, send, { prompt, text, target }, close);
  };
  return { prompt, text, setText, target, setTarget, open, close, submit };
}

/** Sends what the submitted dialog asks for; `done` closes it once saved (a deletion closes it at once). */
function sendPrompt(
  detail: AdminCourseDetail,
  send: Send,
  { prompt, text, target }: { prompt: Prompt; text: string; target: string | null },
  done: () => void,
) {
  const courseId = detail.course.id;
  if (prompt.kind === 'rename') {
    const { node } = prompt;
    if (node.node_type === 'section') {
      send((version) => updateSection(courseId, node.value_id, { version, title: text }), done);
    } else if (node.node_type === 'attachment') {
      send((version) => updateAttachment(courseId, node.value_id, { version, title: text }), done);
    }
  } else if (prompt.kind === 'add') {
    const { what, parentNodeId } = prompt;
    const add = what === 'section' ? addSection : addLesson;
    send((version) => add(courseId, { version, parent_node_id: parentNodeId, title: text }), done);
  } else if (prompt.kind === 'delete') {
    const { node } = prompt;
    // Closed at once, so a refusal shows in the page's alert rather than behind the dialog.
    done();
    send((version) => deleteCourseNode(courseId, node.node_id, version));
  } else if (target) {
    const parentNodeId = Number(target);
    const nodeIds = [...childrenOf(detail, parentNodeId).map((n) => n.node_id), prompt.node.node_id];
    send((version) => reorderCourseTree(courseId, { version, parent_node_id: parentNodeId, node_ids: nodeIds }), done);
  }
}
