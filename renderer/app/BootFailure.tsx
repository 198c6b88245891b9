// Shown when the renderer cannot reach the engine at all (bad token, bridge down): one clear error.
export function BootFailure({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div data-testid="app" data-mode="browser" className="boot-failure">
      <div role="alert" data-testid="error-banner" data-code="transport" className="error-banner">
        <strong>Cannot reach the engine.</strong> {message}
      </div>
    </div>
  );
}
