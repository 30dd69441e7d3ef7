import * as Dialog from '@radix-ui/react-dialog';
import { useI18n } from '../../i18n/i18n';
import { useStore } from '../store';
import styles from './Sheet.module.css';
import { sheets as defaultStore, type SheetAction, type SheetEntry, type SheetStore } from './sheetStore';

/** Bottom sheets. Radix Dialog gives the focus trap, Escape and the modal semantics. */
export default function SheetHost({ store = defaultStore }: { store?: SheetStore }) {
  const entries = useStore(store);
  return (
    <>
      {entries.map((entry) => (
        <Sheet key={entry.options.id} entry={entry} store={store} />
      ))}
    </>
  );
}

function Sheet({ entry, store }: { entry: SheetEntry; store: SheetStore }) {
  const { t } = useI18n();
  const { options, phase } = entry;
  const close = () => store.close(options.id);
  const run = (action: SheetAction) => {
    action.onClick?.();
    close();
  };
  return (
    <Dialog.Root open={phase === 'shown'} onOpenChange={(open) => !open && close()}>
      {/* Not force-mounted: a mounted modal hides the rest of the page from assistive tech, so a
          hidden sheet keeps its options in the store and its DOM leaves with the exit animation. */}
      <Dialog.Portal container={options.container ?? undefined}>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={[styles.sheet, options.className].filter(Boolean).join(' ')}
          data-phase={phase}
          data-sheet-id={options.id}
          aria-describedby={undefined}
        >
          <div className={styles.handle} aria-hidden="true" />
          <Dialog.Title className={styles.title}>{options.title}</Dialog.Title>
          {options.content}
          {options.actions && (
            <ul className={styles.actions}>
              {options.actions.map((action) => (
                <li key={action.text} className={action.round ? styles.round : undefined}>
                  {action.href ? (
                    <a
                      className={styles.action}
                      href={action.href}
                      target={action.blank ? '_blank' : undefined}
                      rel={action.blank ? 'noopener noreferrer' : undefined}
                      onClick={() => run(action)}
                    >
                      {action.text}
                    </a>
                  ) : (
                    <button type="button" className={styles.action} onClick={() => run(action)}>
                      {action.text}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
          <Dialog.Close className={styles.close}>{t('sheet.close')}</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
