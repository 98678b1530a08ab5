/**
 * An email's HTML, rendered in a sandboxed frame: `sandbox=""` gives the document a unique origin and runs no
 * script, form or plugin in it, so nothing in a message can reach the app. `srcdoc` needs no request, and the frame
 * follows the page's Content-Security-Policy (inline styles, which emails use, are allowed there).
 */
export function EmailPreview({ html, title }: { html: string; title: string }) {
  return (
    <iframe
      sandbox=""
      srcDoc={html}
      title={title}
      referrerPolicy="no-referrer"
      style={{
        width: '100%',
        height: 640,
        border: '1px solid var(--mantine-color-gray-4)',
        borderRadius: 4,
        background: '#fff',
      }}
    />
  );
}
