import { useEffect, useRef } from 'react';

/**
 * Spec §9 infinite scroll: load more when the sentinel comes within 200 px of the viewport,
 * debounced by 100 ms.
 */
export function useInfiniteScroll(enabled: boolean, onLoadMore: () => void) {
  const ref = useRef<HTMLDivElement | null>(null);
  const callback = useRef(onLoadMore);
  callback.current = onLoadMore;
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el || typeof IntersectionObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        clearTimeout(timer);
        timer = setTimeout(() => callback.current(), 100);
      },
      { rootMargin: '0px 0px 200px 0px' },
    );
    observer.observe(el);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [enabled]);
  return ref;
}
