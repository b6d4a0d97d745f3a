/** A small resource for the platform's component tests: widgets with a name, a colour and a size. */
import { optionalText, requiredText, resourceRoutes } from '@switchboard/domain';
import { z } from 'zod';
import { resourceApi } from '../platform/resource.ts';

export const widgetRecord = z.object({
  id: z.number().int(),
  version: z.number().int(),
  name: z.string(),
  colour: z.enum(['red', 'green', 'blue']),
  size: z.number().int(),
  active: z.boolean(),
  note: z.string(),
});
export type Widget = z.infer<typeof widgetRecord>;

export const widgetInput = z.object({
  name: requiredText({ max: 20 }),
  colour: z.enum(['red', 'green', 'blue']).default('red'),
  size: z.coerce.number().int().min(1, { error: 'At least 1' }).max(10, { error: 'At most 10' }).default(1),
  active: z.boolean().default(true),
  note: optionalText({ max: 30 }),
});
export type WidgetInput = z.input<typeof widgetInput>;

export const widgets = resourceApi(
  '/widget',
  resourceRoutes('/widget', { tag: 'widgets', record: widgetRecord, input: widgetInput }),
);

export const widgetValues = (w: Widget): WidgetInput => ({
  name: w.name,
  colour: w.colour,
  size: w.size,
  active: w.active,
  note: w.note,
});

const colours = ['red', 'green', 'blue'] as const;
/** `count` widgets: 'Widget 01'..., colours in turn, sizes 1-10. */
export function makeWidgets(count: number): Widget[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    version: 1,
    name: `Widget ${String(i + 1).padStart(2, '0')}`,
    colour: colours[i % 3] ?? 'red',
    size: (i % 10) + 1,
    active: i % 2 === 0,
    note: '',
  }));
}
