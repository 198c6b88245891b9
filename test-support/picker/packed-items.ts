// Items in every form a packed page must carry exactly: absent and present fields, shared values (MIME type,
// audience, icons, invalid annotations), sizes past 2^32, and lastModified in toISOString's form, in other valid
// forms, and as text that is no date.
import type { ResourceItem } from '../../shared/contract';

export const icon = { src: 'data:image/svg+xml;base64,PHN2Zy8+', mimeType: 'image/svg+xml', sizes: ['any'] };

export const itemsOfEveryForm: ResourceItem[] = [
  { serverId: 's', uri: 'ref://a', name: 'a' },
  {
    serverId: 's',
    uri: 'ref://b',
    name: 'b',
    title: 'B "quoted" <b>',
    description: 'line\nbreak \u2028 and \u0000',
    mimeType: 'text/markdown',
    size: 0,
    annotations: { audience: ['assistant', 'user'], priority: 0, lastModified: '2026-01-01T00:00:00Z' },
    icons: [icon]
  },
  { serverId: 's', uri: 'ref://c', name: '', mimeType: 'text/markdown', annotations: { priority: 1, lastModified: '2026-03-04T05:06:07.089Z' }, icons: [{ ...icon }] },
  { serverId: 's', uri: 'ref://d', name: 'd', annotations: { audience: ['user'], lastModified: '2026-02-30T00:00:00.000Z' } },
  { serverId: 's', uri: 'ref://e', name: 'e', annotations: { lastModified: '2026-01-02' }, size: 12_345_678_901 },
  // Invalid annotations: the valid fields stay in `annotations`, the invalid ones are listed (a list many items share is stored once).
  { serverId: 's', uri: 'ref://f', name: 'f', annotations: { audience: ['user'] }, invalidAnnotations: [{ field: 'priority', raw: '7' }] },
  { serverId: 's', uri: 'ref://g', name: 'g', annotations: { lastModified: '2026-01-02T03:04:05.678+01:00' }, invalidAnnotations: [{ field: 'priority', raw: '7' }] },
  {
    serverId: 's',
    uri: 'ref://h',
    name: 'h',
    invalidAnnotations: [
      { field: 'priority', raw: 'high' },
      { field: 'lastModified', raw: 'March 7, 2024' }
    ]
  }
];
