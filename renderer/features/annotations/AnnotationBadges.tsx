// Annotation badges (audience, priority, lastModified, and any invalid annotation with the spec's rule as
// its title), the same on picker rows, template items and content parts.
import type { AnnotationView } from '../../../shared/annotations';
import { describeInvalidAnnotation } from '../../../shared/annotations';
import './annotations.css';

const audienceTitles = { user: 'Meant for the user', assistant: 'Meant for the assistant (the model)' } as const;

export function AnnotationBadges({ view, className = 'annotation-badges' }: { view: AnnotationView; className?: string }) {
  const { audience, priority, lastModified, day, invalid } = view;
  if (!audience && priority === undefined && !day && invalid.length === 0) return null;
  return (
    <span className={className} data-testid="annotation-badges">
      {audience?.map(who => (
        <span key={who} className={`badge badge--${who}`} title={audienceTitles[who]}>
          {who}
        </span>
      ))}
      {priority !== undefined && (
        <span className="badge badge--priority" title={`Priority ${priority} (0 least, 1 most important)`}>
          P {priority.toFixed(2)}
        </span>
      )}
      {day && (
        <span className="badge badge--date" title={`Last modified ${lastModified}`}>
          {day}
        </span>
      )}
      {invalid.map(entry => {
        const { label, title } = describeInvalidAnnotation(entry);
        return (
          <span key={entry.field} className="badge badge--invalid" data-testid="invalid-annotation" data-field={entry.field} title={title}>
            {label}
          </span>
        );
      })}
    </span>
  );
}
