/**
 * What an app's island shows of the outbox: the member's writes of that app still waiting on
 * this device (listed as "Saved on this device, will sync"), kept current as they are kept and
 * sent; `onSent` hears of each one sent (or dropped for another device's newer page), so the app
 * moves it into what it shows as stored, or tells the member of the conflict.
 */
import { useEffect, useRef, useState } from 'react';
import { onOutboxChange, onSent, waiting, type Sent } from './outbox-api';
import type { OutboxEntry } from './outbox';

export function useOutbox(memberId: string, app: string, onSentEntry?: (sent: Sent) => void): OutboxEntry[] {
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  const heard = useRef(onSentEntry);
  useEffect(() => {
    heard.current = onSentEntry;
  });
  useEffect(() => {
    let live = true;
    const refresh = () => void waiting(memberId).then((all) => live && setEntries(all.filter((e) => e.app === app)));
    refresh();
    const stopChanges = onOutboxChange(refresh);
    const stopSent = onSent((sent) => {
      if (sent.entry.uid === memberId && sent.entry.app === app) heard.current?.(sent);
    });
    return () => {
      live = false;
      stopChanges();
      stopSent();
    };
  }, [memberId, app]);
  return entries;
}
