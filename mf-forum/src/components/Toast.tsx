import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';

type Variant = 'error' | 'info' | 'success';
interface ToastItem {
  id: number;
  text: string;
  variant: Variant;
}

const ToastContext = createContext<(text: string, variant?: Variant) => void>(() => undefined);

/** Short messages (sign-in required, failed actions) announced to screen readers. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const next = useRef(1);
  const show = useCallback((text: string, variant: Variant = 'error') => {
    const id = next.current++;
    setItems((list) => [...list.filter((t) => t.text !== text), { id, text, variant }]);
    setTimeout(() => setItems((list) => list.filter((t) => t.id !== id)), 4000);
  }, []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="forum-toasts" role="status" aria-live="polite" data-testid="toasts">
        {items.map((t) => (
          <div key={t.id} className={`forum-toast forum-toast--${t.variant}`} data-testid="toast">
            {t.text}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast() {
  return useContext(ToastContext);
}
