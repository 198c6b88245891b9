// Shown when the renderer cannot reach the engine at all (bad token, bridge down): one clear error.
import { Trans, useTranslation } from 'react-i18next';

export function BootFailure({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div data-testid="app" data-mode="browser" className="boot-failure">
      <div role="alert" data-testid="error-banner" data-code="transport" className="error-banner">
        <Trans t={t} i18nKey="boot.cannotReachEngine" values={{ message }} components={{ strong: <strong /> }} />
      </div>
    </div>
  );
}
