// A content part's annotations (audience, priority, lastModified), shown in its toolbar as the picker shows a row's.
import { useMemo } from 'react';
import { annotationView } from '../../../shared/annotations';
import type { ContentPart } from '../../../shared/contract';
import { AnnotationBadges } from '../annotations/AnnotationBadges';

export function ContentAnnotations({ part }: { part: ContentPart }) {
  const view = useMemo(() => annotationView(part.annotations, part.invalidAnnotations), [part.annotations, part.invalidAnnotations]);
  return <AnnotationBadges view={view} />;
}
