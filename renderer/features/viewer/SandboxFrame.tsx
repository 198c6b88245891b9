// HTML and SVG from a server, shown only inside an iframe with an empty sandbox: no script, no forms,
// no same-origin access, no top navigation. The page's CSP applies inside the srcdoc frame as well.
export function SandboxFrame({ source, title }: { source: string; title: string }) {
  return <iframe className="sandbox-frame" sandbox="" srcDoc={source} title={title} referrerPolicy="no-referrer" />;
}
