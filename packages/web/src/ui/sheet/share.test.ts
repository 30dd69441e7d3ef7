import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analytics } from '../../api/analytics';
import { toast } from '../toast/toastStore';
import { shareActions } from './share';

const target = { url: 'https://tertulia.example/html/profile-view.jsp?user=7', title: 'Perfil de Ana' };

describe('share sheet actions', () => {
  beforeEach(() => toast.clear());
  afterEach(() => toast.clear());

  it('offers native share only where the browser has it', () => {
    const without = shareActions(target, { clipboard: undefined } as unknown as Navigator);
    expect(without.map((a) => a.text)).toEqual(['Copiar enlace', 'Enviar por correo']);
    const share = vi.fn().mockResolvedValue(undefined);
    const withShare = shareActions(target, { share } as unknown as Navigator);
    expect(withShare.map((a) => a.text)).toEqual(['Compartir…', 'Copiar enlace', 'Enviar por correo']);
    withShare[0].onClick!();
    expect(share).toHaveBeenCalledWith({ url: target.url, title: target.title });
  });

  it('copy link writes the url and confirms "Copied!" in the member language', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    const [copy] = shareActions(target, { clipboard: { writeText } } as unknown as Navigator);
    copy.onClick!();
    await vi.waitFor(() => expect(toast.getState().current?.text).toBe('¡Copiado!'));
    expect(writeText).toHaveBeenCalledWith(target.url);
    expect(toast.getState().current?.kind).toBe('success');
    expect(analytics.waiting.at(-1)?.name).toBe('share_copy_link');
  });

  it('share via email is a mailto link with the title and url encoded', () => {
    const email = shareActions(target, {} as Navigator).at(-1)!;
    expect(email.href).toBe(`mailto:?subject=Perfil%20de%20Ana&body=${encodeURIComponent(target.url)}`);
    email.onClick!();
    expect(analytics.waiting.at(-1)?.name).toBe('share_email');
  });
});
