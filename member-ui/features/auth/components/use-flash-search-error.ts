import { useEffect, useRef, useState } from 'react';

/**
 * An `error` query parameter is shown in a banner and then removed from
 * the address bar. Keeps the message after `clearFromAddress` drops it from the URL.
 */
export function useFlashSearchError(error: string | undefined, clearFromAddress: () => void): string | null {
  const [message, setMessage] = useState<string | null>(error ?? null);
  const clearRef = useRef(clearFromAddress);
  clearRef.current = clearFromAddress;

  useEffect(() => {
    if (!error) return;
    setMessage(error);
    clearRef.current();
  }, [error]);

  return message;
}
