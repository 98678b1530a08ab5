import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { urlFor } from '../../lib/named-routes';
import type { ClassContext } from '../layouts/class-context';
import { PageBreadcrumbs, type Crumb } from './page-breadcrumbs';

/** The way back from a page inside a class: its course, then (when known) the topic it sits under. */
export function classCrumbs(ctx: Pick<ClassContext, 'classId' | 'assemblage'>, topicId?: number): Crumb[] {
  const { classId, assemblage } = ctx;
  const crumbs: Crumb[] = [{ label: assemblage.course.title, href: urlFor('class-course', { classId }) }];
  const topic = topicId === undefined ? undefined : assemblage.sections[String(topicId)];
  if (topic && topicId !== undefined) {
    crumbs.push({ label: topic.title, href: urlFor('class-course-topic', { classId, topicId }) });
  }
  return crumbs;
}

/** A page inside a class under its breadcrumbs. */
export function ClassPageFrame({ crumbs, children }: { crumbs: readonly Crumb[]; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <PageBreadcrumbs items={crumbs} />
      {children}
    </Stack>
  );
}
