import FileDown from 'lucide-react/icons/file-down';
import { biodataUrl } from '../../lib/biodata';
import { Button } from '../ui/button';
import { translate } from '../../i18n/translate';

/**
 * "Download biodata": the marriage biodata PDF the server draws (photo, details, horoscope and chart, partner
 * preferences, the Saathi link), as privacy allows. A plain link, so the browser saves it as a file; its address is
 * read when pressed, to carry the chart style chosen on the Kundali page since.
 */
export function DownloadBiodata({ profileId, className, block = false }: { profileId: number; className?: string; block?: boolean }) {
  return (
    <Button asChild variant="outline" size="sm" block={block} className={className}>
      <a href={biodataUrl(profileId)} download onClick={(event) => event.currentTarget.setAttribute('href', biodataUrl(profileId))}>
        <FileDown size={16} aria-hidden="true" />
        {translate('profile.downloadBiodata')}
      </a>
    </Button>
  );
}
