const loads = new Map<string, Promise<boolean>>();

/** Adds the chat widget's script to the page once; resolves false (and allows a retry) if it fails to load. */
export function loadChatWidget(src: string): Promise<boolean> {
  let load = loads.get(src);
  if (!load) {
    load = new Promise<boolean>((resolve) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve(true);
      script.onerror = () => {
        script.remove();
        loads.delete(src);
        resolve(false);
      };
      document.head.append(script);
    });
    loads.set(src, load);
  }
  return load;
}
