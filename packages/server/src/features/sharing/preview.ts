/** What a shared link's card shows (Open Graph): previews.ts and media-previews.ts build them. */
export interface Preview {
  title: string;
  description: string;
  image?: string;
}
