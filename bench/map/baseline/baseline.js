/* global L */
/**
 * The baseline the map benchmark compares against: the usual way to show many points with
 * Leaflet, as in leaflet.markercluster's own "realworld.50000" example — one L.marker per
 * location, all handed to L.markerClusterGroup({ chunkedLoading: true }) at Budapest zoom 12.
 * It fetches the same /api/v1/location/locations from the same server as the product's map.
 * `baseline:first-clusters` is marked when the first cluster icon is in the DOM.
 */
(function () {
  'use strict';
  var map = L.map('map').setView([47.4979, 19.0402], 12);
  L.tileLayer('https://tile.openstreetmap.org/{z}/{x}/{y}.png', {
    maxZoom: 19,
    attribution: '&copy; OpenStreetMap contributors',
  }).addTo(map);
  L.Icon.Default.imagePath = '/__bench/leaflet/images/';

  var pane = map.getPane('markerPane');
  var observer = new MutationObserver(function () {
    if (pane.querySelector('.marker-cluster')) {
      observer.disconnect();
      performance.mark('baseline:first-clusters');
      document.getElementById('map').setAttribute('data-clusters-ready', 'true');
    }
  });
  observer.observe(pane, { childList: true });

  fetch('/api/v1/location/locations')
    .then(function (res) {
      return res.json();
    })
    .then(function (body) {
      performance.mark('baseline:data');
      var locations = body.data;
      var group = L.markerClusterGroup({ chunkedLoading: true });
      var markers = [];
      for (var i = 0; i < locations.length; i++) {
        var l = locations[i];
        markers.push(L.marker(L.latLng(l.lat, l.lng), { title: l.name }));
      }
      group.addLayers(markers);
      map.addLayer(group);
    })
    .catch(function (err) {
      document.getElementById('map').setAttribute('data-error', String(err));
    });
})();
