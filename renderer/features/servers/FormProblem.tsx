// The error of a form's last submit, shown in place (the QA contract's `error-banner`, with the error code).
export function FormProblem({ problem }: { problem: { code: string; message: string } | null | undefined }) {
  if (!problem) return null;
  return (
    <p role="alert" data-testid="error-banner" data-code={problem.code} className="error-banner">
      {problem.message}
    </p>
  );
}
