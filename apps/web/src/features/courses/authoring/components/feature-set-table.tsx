import { classFeatures } from '@banksia/contracts/rules/class-kinds';
import { courseFeatures } from '@banksia/contracts/rules/features';
import { Checkbox, Table } from '@mantine/core';
import { featureLabels, featureSetLabels } from './course-details';

/** Which class plans (feature sets) include each course feature: one checkbox per feature and plan. */
export function FeatureSetTable({
  features,
  onToggle,
}: {
  features: Record<string, string[]>;
  onToggle: (feature: string, set: string, on: boolean) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs">
        <Table.Caption>Which class plans (feature sets) include each course feature</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Feature</Table.Th>
            {classFeatures.map((s) => (
              <Table.Th scope="col" key={s}>
                {featureSetLabels[s]}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {courseFeatures.map((feature) => (
            <Table.Tr key={feature}>
              <Table.Th scope="row">{featureLabels[feature]}</Table.Th>
              {classFeatures.map((s) => (
                <Table.Td key={s}>
                  <Checkbox
                    aria-label={`${featureLabels[feature]}: ${featureSetLabels[s]}`}
                    checked={features[feature]?.includes(s) ?? false}
                    onChange={(e) => onToggle(feature, s, e.currentTarget.checked)}
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
