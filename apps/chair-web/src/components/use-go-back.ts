import { useNavigate } from 'react-router';

/**
 * Goes back one screen inside the console; when this screen was opened directly (no in-app history),
 * goes to `fallback` instead, so the app (and its toasts) stays loaded.
 */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(fallback);
  };
}
