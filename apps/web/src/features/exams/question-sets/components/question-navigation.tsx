import { Group, Stack, Tabs, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCircle, IconCircleCheckFilled } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import classes from './question-navigation.module.css';

export interface QuestionNavItem {
  id: number;
  /** 1, 2…: the question's number in the set. */
  number: number;
  /** Left out where answers do not apply (a teacher looking through the set). */
  answered?: boolean;
}

export interface QuestionNavigationProps {
  items: readonly QuestionNavItem[];
  currentId: number;
  hrefFor: (questionId: number) => string;
  /**
   * Tabs across the top, one per question (the course flag TABBED_NAVIGATION_EXPERIENCE_FOR_QUESTIONSET), or else
   * "Question 2 of 5" with a compact list of numbered links.
   */
  tabbed: boolean;
  /** What "answered" means here: "answered", or "checked" in a demo. */
  doneLabel?: string;
  /** The current question. */
  children: ReactNode;
}

/**
 * Moving between the questions of a set, each marked answered or not. Either way every question has its own URL:
 * choosing a tab (by mouse, or by arrow keys in the tab list) goes to that question's page.
 */
export function QuestionNavigation(props: QuestionNavigationProps) {
  return props.tabbed ? <QuestionTabs {...props} /> : <QuestionStepper {...props} />;
}

function stateText(item: QuestionNavItem, doneLabel: string) {
  if (item.answered === undefined) return '';
  return item.answered ? `, ${doneLabel}` : `, not ${doneLabel}`;
}

function AnsweredIcon({ answered }: { answered: boolean | undefined }) {
  if (answered === undefined) return null;
  return answered ? (
    <IconCircleCheckFilled size={16} aria-hidden className={classes.answeredIcon} />
  ) : (
    <IconCircle size={16} aria-hidden className={classes.unansweredIcon} />
  );
}

function QuestionTabs({ items, currentId, hrefFor, doneLabel = 'answered', children }: QuestionNavigationProps) {
  const navigate = useNavigate();
  const list = useRef<HTMLDivElement>(null);
  // Set when a tab was chosen from the tab list, so focus can go back to it once the new question's page shows.
  const refocus = useRef(false);

  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    // The app moves focus to the page's content after every navigation; a keyboard user moving along the tab list
    // must stay on it, so the chosen tab takes focus back once that has happened.
    const timer = setTimeout(() => {
      list.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
    });
    return () => clearTimeout(timer);
  }, [currentId]);

  return (
    <Tabs
      value={String(currentId)}
      onChange={(value) => {
        if (value === null || value === String(currentId)) return;
        refocus.current = list.current?.contains(document.activeElement) ?? false;
        void navigate(hrefFor(Number(value)));
      }}
      keepMounted={false}
    >
      <Tabs.List ref={list} aria-label="Questions" className={classes.tabList}>
        {items.map((item) => (
          <Tabs.Tab
            key={item.id}
            value={String(item.id)}
            leftSection={<AnsweredIcon answered={item.answered} />}
            data-answered={item.answered}
          >
            Question {item.number}
            {item.answered !== undefined && <VisuallyHidden>{stateText(item, doneLabel)}</VisuallyHidden>}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value={String(currentId)} pt="lg">
        {children}
      </Tabs.Panel>
    </Tabs>
  );
}

function QuestionStepper({ items, currentId, hrefFor, doneLabel = 'answered', children }: QuestionNavigationProps) {
  const position = items.findIndex((item) => item.id === currentId);
  const done = items.filter((item) => item.answered).length;
  const tracked = items.some((item) => item.answered !== undefined);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm" wrap="wrap" className={classes.stepperBar}>
        <div>
          {/* Not a heading: the question's own heading ("Question 2") follows. */}
          <Text fw={700} size="lg">
            Question {position + 1} of {items.length}
          </Text>
          {tracked && (
            <Text size="sm" c="dimmed">
              {done} of {items.length} {doneLabel}
            </Text>
          )}
        </div>
        <nav aria-label="Questions">
          <Group component="ol" gap={6} className={classes.compactList}>
            {items.map((item) => {
              const current = item.id === currentId;
              return (
                <li key={item.id}>
                  <UnstyledButton
                    component={Link}
                    to={hrefFor(item.id)}
                    className={classes.compactLink}
                    data-current={current || undefined}
                    data-answered={item.answered || undefined}
                    aria-current={current ? 'step' : undefined}
                  >
                    {/* Not by colour alone: an answered question also shows a tick. */}
                    <span aria-hidden className={classes.compactLabel}>
                      {item.number}
                      {item.answered && <IconCheck size={12} stroke={3} />}
                    </span>
                    <VisuallyHidden>
                      Question {item.number}
                      {stateText(item, doneLabel)}
                    </VisuallyHidden>
                  </UnstyledButton>
                </li>
              );
            })}
          </Group>
        </nav>
      </Group>
      {children}
    </Stack>
  );
}
