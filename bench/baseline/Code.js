// The baseline: what a user writes by hand after a tutorial. One UrlFetchApp.fetch per keyword, the
// key read from properties, no cache, no batching, the field name hard-coded. Kept only to be measured
// against in bench/ (npm run bench); it is never deployed.

/**
 * Returns the Search Score of a keyword, or of each keyword in a range.
 *
 * @param {string|Array<Array<string>>} keyword The keyword or a range of keywords.
 * @return The Search Score.
 * @customfunction
 */
function SEARCH_SCORE(keyword) {
  var props = PropertiesService.getUserProperties();
  var apiKey = props.getProperty('SDM_API_KEY');
  var baseUrl = props.getProperty('SDM_BASE_URL');

  function fetchScore(k) {
    var url = baseUrl + '/api/v1/trend?keyword=' + encodeURIComponent(k);
    var response = UrlFetchApp.fetch(url, { headers: { Authorization: 'Bearer ' + apiKey } });
    var data = JSON.parse(response.getContentText());
    return data.search_score;
  }

  if (Array.isArray(keyword)) {
    return keyword.map(function (row) {
      return [fetchScore(row[0])];
    });
  }
  return fetchScore(keyword);
}
