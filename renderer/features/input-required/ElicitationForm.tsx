// Form mode: the server's requestedSchema rendered by @rjsf/core and validated (formats, limits, required)
// before Accept sends it. Each control carries `data-testid="input-field-<name>"`.
// The Form module itself, not the package index: @rjsf/core 6.11's index also exports its test registry,
// which imports @rjsf/validator-ajv8 (a devDependency of theirs that this app does not install).
import Form from '@rjsf/core/lib/components/Form.js';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeclineAndCancel } from './AnswerButtons';
import type { InputAnswer, JsonObject } from '../../../shared/contract';
import { toAnswerContent, toFormSpec } from './elicitation-schema';
import { elicitationValidator } from './elicitation-validator';

interface Props {
  requestId: string;
  requestedSchema: JsonObject;
  busy: boolean;
  onAnswer(answer: InputAnswer): void;
}

export function ElicitationForm({ requestId, requestedSchema, busy, onAnswer }: Props) {
  const { t } = useTranslation('inputRequired');
  const spec = useMemo(() => toFormSpec(requestedSchema), [requestedSchema]);
  const [formData, setFormData] = useState<unknown>(undefined);
  const container = useRef<HTMLDivElement>(null);
  // A fresh id prefix per request: two dialogs in a row never share control ids (or autofill state).
  const idPrefix = `input-${requestId.replace(/[^A-Za-z0-9]/g, '').slice(0, 12)}`;

  // rjsf has no per-field attribute hook: tag each field's control (or its checkbox group) after render.
  useLayoutEffect(() => {
    const root = container.current;
    if (!root) return;
    for (const name of spec.fields) {
      const control = root.querySelector(`[id="${idPrefix}_${CSS.escape(name)}"]`) ?? root.querySelector(`[id^="${idPrefix}_${CSS.escape(name)}-"]`)?.closest('.checkboxes');
      control?.setAttribute('data-testid', `input-field-${name}`);
    }
  });

  return (
    <div ref={container} className="elicitation-form">
      <Form
        schema={spec.schema}
        uiSchema={spec.uiSchema}
        validator={elicitationValidator}
        idPrefix={idPrefix}
        formData={formData}
        disabled={busy}
        showErrorList={false}
        noHtml5Validate
        focusOnFirstError
        // Only the server's own `default`s prefill a field: a titled option is never picked for the user.
        experimental_defaultFormStateBehavior={{ constAsDefaults: 'never' }}
        onChange={e => setFormData(e.formData)}
        onSubmit={e => onAnswer({ action: 'accept', content: toAnswerContent(e.formData, spec.fields) })}
      >
        <div className="input-actions">
          <button type="submit" data-testid="input-accept" disabled={busy}>
            {t('accept')}
          </button>
          <DeclineAndCancel busy={busy} onAnswer={onAnswer} />
        </div>
      </Form>
    </div>
  );
}
