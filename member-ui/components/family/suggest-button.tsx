import { useMutation, useQueryClient } from '@tanstack/react-query';
import ListPlus from 'lucide-react/icons/list-plus';
import { Button } from '../ui/button';
import { toast } from '../ui/toast';
import { api, isApiError } from '../../lib/api-client';
import { translate } from '../../i18n/translate';
import { useT } from '../../i18n/use-t';

/**
 * A helper puts the profile on the candidate's family shortlist (a suggestion the candidate decides on), from the
 * profile's own screen: POST /api/family/{profileId}/suggestions.
 */
export function SuggestButton({ helpedProfileId, candidateName, suggestedProfileId }: { helpedProfileId: number; candidateName: string; suggestedProfileId: number }) {
  const queryClient = useQueryClient();
  const t = useT();
  const suggest = useMutation({
    mutationFn: () => api.post(`/api/family/${helpedProfileId}/suggestions`, { json: { suggestedProfileId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['family', helpedProfileId] }),
  });
  return (
    <Button
      variant="outline"
      disabled={suggest.isPending || suggest.isSuccess}
      onClick={() =>
        suggest.mutate(undefined, {
          onSuccess: () => toast({ title: translate('family.suggestedTo', { name: candidateName }), description: translate('family.onShortlist', { name: candidateName }), variant: 'success' }),
          onError: (error) => toast({ title: translate('family.notSuggested'), description: (isApiError(error) && error.serverMessage) || error.message, variant: 'destructive' }),
        })
      }
    >
      <ListPlus size={18} aria-hidden="true" />
      {suggest.isSuccess ? t('family.suggestedTo', { name: candidateName }) : t('family.suggestTo', { name: candidateName })}
    </Button>
  );
}
