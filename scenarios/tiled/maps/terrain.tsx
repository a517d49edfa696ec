<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="terrain" tilewidth="32" tileheight="32" tilecount="12" columns="6">
 <image source="terrain.png" width="192" height="64"/>
 <tile id="1">
  <properties>
   <property name="terrain" value="Wall"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" value="Difficult"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="terrain" value="Water:1"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="terrain" value="Water:2"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="height" type="int" value="2"/>
   <property name="terrain" value="Object:Wood"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="height" type="int" value="1"/>
   <property name="terrain" value="Object:Stone"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="concealing" type="bool" value="true"/>
   <property name="terrain" value="Difficult"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="terrain" value="Damaging:1"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="terrain" value="Pit:2"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="ground" value="Stone"/>
   <property name="zone" value="camp"/>
  </properties>
 </tile>
</tileset>
